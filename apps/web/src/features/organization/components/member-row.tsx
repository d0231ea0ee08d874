/**
 * @module One member in the Members table: name and e-mail, the date they joined, the role picker (owner/admin/member; the owner role
 * only offered by an owner, an owner's row only changeable by an owner) and the remove button with
 * its confirmation. The only owner's own picker is disabled with the reason under it (the server
 * would refuse the change). A refusal from the server is shown in a row under the member it concerns;
 * a change or a removal is told in a toast.
 */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmailText } from '../../../components/email-text';
import { ServerError } from '../../../components/server-error';
import { useToast } from '../../../components/toast';
import { formatDate } from '../../../lib/format-date';
import { clientErrorOf } from '../../../lib/unwrap';
import type { FullOrganization } from '../api/get-organization';
import type { OrganizationMember } from '../api/list-members';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMemberRole } from '../api/update-member-role';
import { assignableRoles, mayManageMember, type MemberAbilities } from '../lib/member-permissions';
import { useRoleLabel } from './use-role-label';

export interface MemberRowProps {
  member: OrganizationMember;
  organization: FullOrganization;
  abilities: MemberAbilities;
  isSelf: boolean;
  /** This row is the caller, who is the organization's only owner. */
  soleOwner: boolean;
}

export function MemberRow({ member, organization, abilities, isSelf, soleOwner }: MemberRowProps) {
  const { t, i18n } = useTranslation('organization');
  const roleLabel = useRoleLabel();
  const updateRole = useUpdateMemberRole(organization.id);
  const remove = useRemoveMember(organization.id);
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const reasonId = useId();
  const name = member.user.name || member.user.email;
  const canChangeRole = mayManageMember(abilities, member.role, 'update');
  const canRemove = !isSelf && mayManageMember(abilities, member.role, 'remove');
  // A stored role outside the picker's list (several roles, or a custom one) stays shown as it is.
  const roles: string[] = assignableRoles(abilities);
  const options = roles.includes(member.role) ? roles : [member.role, ...roles];
  const error = clientErrorOf(updateRole.error);

  return (
    <>
      <TableRow data-member-id={member.id}>
        <TableCell sx={{ wordBreak: 'break-word' }}>
          {member.user.name}
          {isSelf && <Chip label={t('members.you')} size="small" sx={{ ml: 1 }} />}
          <Typography variant="body2" color="text.secondary">
            <EmailText email={member.user.email} />
          </Typography>
        </TableCell>
        <TableCell data-label={t('members.role')}>
          {canChangeRole ? (
            <Select
              size="small"
              value={member.role}
              disabled={updateRole.isPending || soleOwner}
              onChange={(event) => {
                const role = event.target.value;
                if (role !== member.role)
                  updateRole.mutate(
                    { memberId: member.id, role },
                    { onSuccess: () => toast({ message: t('members.roleChanged', { name, role: roleLabel(role) }) }) },
                  );
              }}
              inputProps={{
                'aria-label': t('members.roleOf', { name }),
                'aria-describedby': soleOwner ? reasonId : undefined,
              }}
              sx={{ minWidth: { xs: 110, sm: 140 } }}
            >
              {options.map((role) => (
                <MenuItem key={role} value={role} disabled={!roles.includes(role)}>
                  {roleLabel(role)}
                </MenuItem>
              ))}
            </Select>
          ) : (
            roleLabel(member.role)
          )}
          {canChangeRole && soleOwner && (
            <Typography id={reasonId} variant="body2" color="text.secondary" sx={{ mt: 0.5, maxWidth: 280 }}>
              {t('soleOwner.roleReason')}
            </Typography>
          )}
        </TableCell>
        <TableCell data-label={t('members.joined')}>{formatDate(member.createdAt, i18n.language)}</TableCell>
        {abilities.removeMembers && (
          <TableCell align="right">
            {canRemove && (
              <Button color="error" onClick={() => setConfirming(true)} aria-label={t('members.removeNamed', { name })}>
                {t('common:remove')}
              </Button>
            )}
          </TableCell>
        )}
      </TableRow>
      {error && (
        <TableRow>
          <TableCell colSpan={abilities.removeMembers ? 4 : 3} sx={{ py: 0 }}>
            <ServerError error={error} />
          </TableCell>
        </TableRow>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('members.removeTitle')}
        text={t('members.removeText', { name, organization: organization.name })}
        confirmLabel={t('common:remove')}
        pending={remove.isPending}
        error={clientErrorOf(remove.error)}
        onConfirm={() =>
          remove.mutate(member.id, {
            onSuccess: () => {
              setConfirming(false);
              toast({ message: t('members.removed', { name }) });
            },
          })
        }
        onClose={() => {
          setConfirming(false);
          remove.reset();
        }}
      />
    </>
  );
}
