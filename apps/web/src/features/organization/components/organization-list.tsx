/**
 * @module The user's organizations (the cached list the header's switcher shows too), each a link
 * to its page, the session's active one marked.
 */
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '../../../lib/router';
import { ServerError } from '../../../components/server-error';
import { useSession } from '../../../lib/auth';
import { clientErrorOf } from '../../../lib/unwrap';
import { useListOrganizations } from '../api/list-organizations';
import { organizationPath } from '../lib/organization-path';
import { OrganizationAvatar } from './organization-avatar';

export function OrganizationList() {
  const { t } = useTranslation('organization');
  const { data, error, isPending } = useListOrganizations();
  const { data: session } = useSession();
  const activeId = session?.session.activeOrganizationId ?? null;

  if (isPending) return <CircularProgress aria-label={t('common:loading')} />;
  if (error) return <ServerError error={clientErrorOf(error)} />;
  if (!data || data.length === 0) return <Alert severity="info">{t('list.empty')}</Alert>;
  return (
    <Paper variant="outlined">
      <List aria-label={t('list.label')} disablePadding>
        {data.map((organization) => (
          <ListItem key={organization.id} disablePadding divider>
            <ListItemButton component={RouterLink} to={organizationPath(organization)}>
              <ListItemAvatar>
                <OrganizationAvatar name={organization.name} logo={organization.logo} />
              </ListItemAvatar>
              <ListItemText
                primary={organization.name}
                secondary={organization.slug}
                slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
              />
              {organization.id === activeId && <Chip label={t('active')} color="primary" size="small" sx={{ ml: 1 }} />}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
