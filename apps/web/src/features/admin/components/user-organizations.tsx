/**
 * @module The organizations the user is a member of, with the user's role in each. The built-in
 * organization roles are translated; a custom one shows as stored.
 */
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ServerError } from '../../../components/server-error';
import { clientErrorOf } from '../../../lib/unwrap';
import { useUserOrganizations } from '../api/list-user-organizations';

const BUILT_IN_ROLES = new Set(['owner', 'admin', 'member']);

export function UserOrganizations({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const organizations = useUserOrganizations(userId);
  if (organizations.isPending) return <CircularProgress aria-label={t('common:loading')} size={24} />;
  if (organizations.error) return <ServerError error={clientErrorOf(organizations.error)} />;
  if (organizations.data.length === 0) return <Typography>{t('organizations.none')}</Typography>;
  const roleLabel = (role: string) =>
    role
      .split(',')
      .map((one) => (BUILT_IN_ROLES.has(one) ? t(`organizations.roles.${one}`) : one))
      .join(', ');
  return (
    <List dense aria-label={t('organizations.title')}>
      {organizations.data.map((organization) => (
        <ListItem key={organization.id} disableGutters>
          <ListItemText primary={organization.name} secondary={roleLabel(organization.role)} />
        </ListItem>
      ))}
    </List>
  );
}
