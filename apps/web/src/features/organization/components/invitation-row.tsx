/**
 * @module One pending invitation: address, role, team, expiry (an expired one says so), and the
 * resend and cancel actions the caller's role allows, each with its own progress and error; a
 * resend or a cancellation is told in a toast. Those who may invite also see the link the mail
 * carries, with "Copy link", to pass it on by chat when a mail is slow or filtered.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { EmailText } from '../../../components/email-text';
import { ServerError } from '../../../components/server-error';
import { useToast } from '../../../components/toast';
import { clientErrorOf } from '../../../lib/unwrap';
import { useCancelInvitation } from '../api/cancel-invitation';
import { useResendInvitation } from '../api/invite-member';
import type { OrganizationInvitation } from '../api/list-invitations';
import type { MemberAbilities } from '../lib/member-permissions';
import { useRoleLabel } from './use-role-label';
import { formatDateTime } from '../../../lib/format-date';
import { invitationLink } from '../lib/invitation-link';

export interface InvitationRowProps {
  invitation: OrganizationInvitation;
  organizationId: string;
  abilities: MemberAbilities;
  teamName: string | undefined;
}

export function InvitationRow({ invitation, organizationId, abilities, teamName }: InvitationRowProps) {
  const { t, i18n } = useTranslation('organization');
  const toast = useToast();
  const roleLabel = useRoleLabel();
  const resend = useResendInvitation(organizationId);
  const cancel = useCancelInvitation();
  const busy = resend.isPending || cancel.isPending;
  const expiresAt = new Date(invitation.expiresAt);
  const expired = expiresAt.getTime() <= Date.now();
  const role = invitation.role ?? 'member';
  const link = invitationLink(window.location.origin, invitation.id);
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ message: t('invitations.linkCopied', { email: invitation.email }) });
    } catch {
      toast({ message: t('invitations.linkCopyFailed'), severity: 'error' });
    }
  };
  const details = [
    roleLabel(role),
    teamName ? t('invitations.team', { team: teamName }) : null,
    expired ? null : t('invitations.expires', { date: formatDateTime(expiresAt, i18n.language) }),
  ].filter(Boolean);

  return (
    <ListItem divider sx={{ flexWrap: 'wrap', gap: 1 }} data-invitation-id={invitation.id}>
      <ListItemText
        primary={<EmailText email={invitation.email} />}
        secondary={
          <>
            {details.join(' · ')}
            {abilities.invite && !expired && (
              <Box component="span" data-testid="invitation-link" sx={{ display: 'block', fontFamily: 'monospace' }}>
                {link}
              </Box>
            )}
          </>
        }
        sx={{ minWidth: 200, overflowWrap: 'anywhere' }}
      />
      {expired && <Chip label={t('invitations.expired')} size="small" color="warning" />}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {abilities.invite && !expired && (
          <Button onClick={() => void copyLink()} aria-label={t('invitations.copyLinkTo', { email: invitation.email })}>
            {t('invitations.copyLink')}
          </Button>
        )}
        {abilities.invite && (
          <Button
            disabled={busy}
            aria-busy={resend.isPending}
            aria-label={t('invitations.resendTo', { email: invitation.email })}
            onClick={() =>
              resend.mutate(
                { email: invitation.email, role, teamId: invitation.teamId },
                { onSuccess: () => toast({ message: t('invitations.resent') }) },
              )
            }
          >
            {t('invitations.resend')}
          </Button>
        )}
        {abilities.cancelInvitations && (
          <Button
            color="error"
            disabled={busy}
            aria-busy={cancel.isPending}
            aria-label={t('invitations.cancelTo', { email: invitation.email })}
            onClick={() =>
              cancel.mutate(invitation.id, {
                onSuccess: () => toast({ message: t('invitations.canceled', { email: invitation.email }) }),
              })
            }
          >
            {t('invitations.cancel')}
          </Button>
        )}
      </Box>
      <Box sx={{ width: '100%' }}>
        <ServerError error={clientErrorOf(resend.error ?? cancel.error)} />
      </Box>
    </ListItem>
  );
}
