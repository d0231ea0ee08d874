/**
 * @module The Invitations section: the invite form (for roles that may invite) and the pending
 * invitations, each with resend and cancel.
 */
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerError } from '../../../components/server-error';
import { clientErrorOf } from '../../../lib/unwrap';
import { useListInvitations } from '../api/list-invitations';
import { useListTeams } from '../api/list-teams';
import { InvitationRow } from './invitation-row';
import { InviteMemberForm } from './invite-member-form';
import type { SectionProps } from './section-props';

export function InvitationsSection({ organization, abilities }: SectionProps) {
  const { t } = useTranslation('organization');
  const headingId = useId();
  const invitations = useListInvitations(organization.id);
  const teams = useListTeams(organization.id);
  const pending = invitations.data?.filter((invitation) => invitation.status === 'pending') ?? [];

  return (
    <>
      {abilities.invite ? (
        <InviteMemberForm organizationId={organization.id} abilities={abilities} teams={teams.data ?? []} />
      ) : (
        <Alert severity="info">{t('invitations.notAllowed')}</Alert>
      )}
      <section aria-labelledby={headingId}>
        <Typography variant="h6" component="h2" id={headingId} sx={{ mt: 4, mb: 1 }}>
          {t('invitations.pendingTitle')}
        </Typography>
        {invitations.isPending && <CircularProgress aria-label={t('common:loading')} />}
        <ServerError error={clientErrorOf(invitations.error)} />
        {invitations.data && pending.length === 0 && (
          <Typography color="text.secondary">
            {abilities.invite ? t('invitations.noneInvite') : t('invitations.none')}
          </Typography>
        )}
        {pending.length > 0 && (
          <Paper variant="outlined">
            <List disablePadding aria-labelledby={headingId}>
              {pending.map((invitation) => (
                <InvitationRow
                  key={invitation.id}
                  invitation={invitation}
                  organizationId={organization.id}
                  abilities={abilities}
                  teamName={teams.data?.find((team) => team.id === invitation.teamId)?.name}
                />
              ))}
            </List>
          </Paper>
        )}
      </section>
    </>
  );
}
