/**
 * @module The ways the user signs in besides passkeys: the password and each linked provider, with
 * the provider's account id and when it was linked. Read only: unlinking is the user's own (or a
 * password reset), as docs/decisions.md says.
 */
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ProviderIcon } from '../../../components/provider-icons';
import { ServerError } from '../../../components/server-error';
import { formatDateTime } from '../../../lib/format-date';
import { useSocialProviders } from '../../../lib/social-providers';
import { clientErrorOf } from '../../../lib/unwrap';
import { useUserAccounts } from '../api/list-user-accounts';

export function UserAccounts({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('admin');
  const accounts = useUserAccounts(userId);
  const providers = useSocialProviders();
  if (accounts.isPending) return <CircularProgress aria-label={t('common:loading')} size={24} />;
  if (accounts.error) return <ServerError error={clientErrorOf(accounts.error)} />;
  if (accounts.data.length === 0) return <Typography>{t('accounts.none')}</Typography>;
  const nameOf = (providerId: string) =>
    providerId === 'credential'
      ? t('accounts.password')
      : (providers.data?.find((provider) => provider.id === providerId)?.name ?? providerId);
  return (
    <List dense aria-label={t('accounts.title')}>
      {accounts.data.map((account) => (
        <ListItem key={account.id} disableGutters>
          <ListItemIcon sx={{ minWidth: 36 }}>
            <ProviderIcon providerId={account.providerId} fontSize="small" />
          </ListItemIcon>
          <ListItemText
            primary={nameOf(account.providerId)}
            secondary={[
              t('accounts.linked', { date: formatDateTime(account.createdAt, i18n.language) }),
              account.providerId === 'credential' ? null : t('accounts.accountId', { id: account.accountId }),
            ]
              .filter(Boolean)
              .join(' · ')}
            slotProps={{ secondary: { sx: { wordBreak: 'break-word' } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
