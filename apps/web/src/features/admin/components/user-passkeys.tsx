/**
 * @module The user's passkeys: name, when added and whether synced across devices, each removable
 * after a confirmation that names it (a lost or shared device). The server's refusal (no
 * passkey:delete, or another admin's passkey) shows in the dialog.
 */
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ServerError } from '../../../components/server-error';
import { useToast } from '../../../components/toast';
import { formatDateTime } from '../../../lib/format-date';
import { clientErrorOf } from '../../../lib/unwrap';
import { useRemoveUserPasskey, useUserPasskeys, type AdminPasskey } from '../api/user-passkeys';

export function UserPasskeys({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('admin');
  const passkeys = useUserPasskeys(userId);
  const remove = useRemoveUserPasskey(userId);
  const toast = useToast();
  const [removing, setRemoving] = useState<AdminPasskey | null>(null);
  if (passkeys.isPending) return <CircularProgress aria-label={t('common:loading')} size={24} />;
  if (passkeys.error) return <ServerError error={clientErrorOf(passkeys.error)} />;
  if (passkeys.data.length === 0) return <Typography>{t('passkeys.none')}</Typography>;
  const nameOf = (passkey: AdminPasskey) => passkey.name || t('passkeys.unnamed');
  return (
    <>
      <List dense aria-label={t('passkeys.title')}>
        {passkeys.data.map((passkey) => (
          <ListItem
            key={passkey.id}
            disableGutters
            secondaryAction={
              <Button
                color="error"
                onClick={() => setRemoving(passkey)}
                aria-label={`${t('passkeys.remove')}: ${nameOf(passkey)}`}
              >
                {t('passkeys.remove')}
              </Button>
            }
          >
            <ListItemText
              primary={nameOf(passkey)}
              secondary={[
                passkey.createdAt
                  ? t('passkeys.created', { date: formatDateTime(passkey.createdAt, i18n.language) })
                  : null,
                passkey.deviceType === 'multiDevice' ? t('passkeys.synced') : t('passkeys.singleDevice'),
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={removing !== null}
        title={t('passkeys.confirmTitle', { name: removing ? nameOf(removing) : '' })}
        text={t('passkeys.confirmText')}
        confirmLabel={t('passkeys.remove')}
        pending={remove.isPending}
        error={clientErrorOf(remove.error)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast({ message: t('passkeys.removed') });
              setRemoving(null);
            },
          })
        }
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
      />
    </>
  );
}
