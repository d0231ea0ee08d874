/**
 * @module What became of each address of a several-address invitation: invited, already a member,
 * already invited, not an address, or the server's reason, one line each, announced when it
 * appears.
 */
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailText } from '../../../components/email-text';
import { errorMessage } from '../../../lib/errors';
import type { InvitationOutcome } from '../api/invite-many';

const COLOR = {
  invited: 'success.main',
  member: 'text.secondary',
  alreadyInvited: 'text.secondary',
  invalid: 'error.main',
  failed: 'error.main',
} as const;

export function InvitationOutcomes({ outcomes }: { outcomes: readonly InvitationOutcome[] }) {
  const { t } = useTranslation('organization');
  const headingId = useId();
  const sent = outcomes.filter((outcome) => outcome.status === 'invited').length;
  return (
    <section aria-labelledby={headingId} role="status">
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        {t('invitations.outcomesTitle', { sent, total: outcomes.length })}
      </Typography>
      <Paper variant="outlined" sx={{ mt: 1 }}>
        <List dense disablePadding aria-labelledby={headingId}>
          {outcomes.map((outcome) => (
            <ListItem key={outcome.email} divider sx={{ overflowWrap: 'anywhere' }}>
              <ListItemText
                primary={<EmailText email={outcome.email} />}
                secondary={
                  outcome.status === 'failed'
                    ? errorMessage(t, outcome.error)
                    : t(`invitations.outcome.${outcome.status}`)
                }
                slotProps={{ secondary: { color: COLOR[outcome.status] } }}
              />
            </ListItem>
          ))}
        </List>
      </Paper>
    </section>
  );
}
