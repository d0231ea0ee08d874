/**
 * @module Invite someone by e-mail, with a role (owner only offered to owners) and optionally a
 * team. A second invitation to an address with one still open, or to a member, is refused by the
 * server and shown at the e-mail field; the pending list below offers "Resend" instead. A sent
 * invitation is told in a toast.
 */
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EmailField } from '../../../components/credential-fields';
import { ServerError } from '../../../components/server-error';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast';
import { useServerForm } from '../../../lib/use-server-form';
import { useInviteMember } from '../api/invite-member';
import type { OrganizationTeam } from '../api/list-teams';
import { ORGANIZATION_ROLES, assignableRoles, type MemberAbilities } from '../lib/member-permissions';
import { useRoleLabel } from './use-role-label';

const schema = z.object({
  email: z.email('validation.email'),
  role: z.enum(ORGANIZATION_ROLES),
  teamId: z.string(),
});

export interface InviteMemberFormProps {
  organizationId: string;
  abilities: MemberAbilities;
  teams: readonly OrganizationTeam[];
}

export function InviteMemberForm({ organizationId, abilities, teams }: InviteMemberFormProps) {
  const { t } = useTranslation('organization');
  const roleLabel = useRoleLabel();
  const invite = useInviteMember(organizationId);
  const toast = useToast();
  const { form, onSubmit, serverError, pending } = useServerForm({
    schema,
    defaultValues: { email: '', role: 'member', teamId: '' },
    mutationFn: (values) => invite(values),
    errorFields: {
      USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: 'email',
      USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: 'email',
      INVALID_EMAIL: 'email',
      YOU_ARE_NOT_ALLOWED_TO_INVITE_A_USER_WITH_THIS_ROLE: 'role',
      TEAM_NOT_FOUND: 'teamId',
    },
    onSuccess: (_invitation, values) => {
      toast({ message: t('invitations.sent', { email: values.email }) });
      form.reset({ ...values, email: '' });
    },
  });

  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-label={t('invitations.formLabel')} sx={{ maxWidth: 560 }}>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: { xs: 0, sm: 2 } }}>
        <EmailField control={form.control} name="email" label={t('fields.email')} autoComplete="off" sx={{ flex: 2 }} />
        <Controller
          control={form.control}
          name="role"
          render={({ field: { ref, ...field }, fieldState }) => (
            <TextField
              select
              {...field}
              inputRef={ref}
              label={t('fields.role')}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              sx={{ flex: 1, minWidth: 140 }}
            >
              {assignableRoles(abilities).map((role) => (
                <MenuItem key={role} value={role}>
                  {roleLabel(role)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
      {teams.length > 0 && (
        <Controller
          control={form.control}
          name="teamId"
          render={({ field: { ref, ...field }, fieldState }) => (
            <TextField
              select
              {...field}
              inputRef={ref}
              label={t('fields.team')}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              // "No team" is the empty value: shown as chosen, not as an empty box under its label.
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('invitations.noTeam')}</MenuItem>
              {teams.map((team) => (
                <MenuItem key={team.id} value={team.id}>
                  {team.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      <ServerError error={serverError} />
      <SubmitButton pending={pending} sx={{ mt: 1 }}>
        {t('invitations.submit')}
      </SubmitButton>
    </Box>
  );
}
