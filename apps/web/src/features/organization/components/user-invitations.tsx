/**
 * @module The signed-in user's pending invitations, on the organizations page, each a link to its
 * invitation page where it is accepted or declined. Nothing is shown when there are none, nor to a
 * user whose address is not verified yet (the server lists nothing to them).
 */
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '../../../lib/router';
import { ServerError } from '../../../components/server-error';
import { clientErrorOf } from '../../../lib/unwrap';
import { useListUserInvitations } from '../api/list-user-invitations';
import { useRoleLabel } from './use-role-label';
import { formatDateTime } from '../../../lib/format-date';

export function UserInvitations() {
  const { t, i18n } = useTranslation('organization');
  const roleLabel = useRoleLabel();
  const headingId = useId();
  const { data, error } = useListUserInvitations();
  const serverError = clientErrorOf(error);
  if (serverError?.code === 'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION') return null;
  if (error) return <ServerError error={serverError} />;
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <Typography variant="h6" component="h2" id={headingId} sx={{ mt: 4, mb: 1 }}>
        {t('userInvitations.title')}
      </Typography>
      <Paper variant="outlined">
        <List disablePadding>
          {data.map((invitation) => (
            <ListItem key={invitation.id} disablePadding divider>
              <ListItemButton component={RouterLink} to={`/invitations/${invitation.id}`}>
                <ListItemText
                  primary={t('userInvitations.item', { organization: invitation.organizationName })}
                  secondary={t('userInvitations.details', {
                    role: roleLabel(invitation.role),
                    expires: formatDateTime(invitation.expiresAt, i18n.language),
                  })}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
    </section>
  );
}
