/**
 * @module The passkeys as a list: each with its name, when it was added, where it is kept (synced
 * across devices by a password manager, or bound to one device) and whether it is backed up, with
 * "rename" and "delete".
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ListedPasskey } from '../api/list-passkeys';
import { ItemRow } from './item-row';
import { formatDate } from '../../../lib/format-date';

/** The name the user gave, or "Unnamed passkey" for one added without (by another client). */
export function passkeyName(t: TFunction<'account'>, passkey: Pick<ListedPasskey, 'name'>): string {
  return passkey.name || t('passkeys.unnamed');
}

interface PasskeyActions {
  onRename(passkey: ListedPasskey): void;
  onDelete(passkey: ListedPasskey): void;
}

export function PasskeysList({ passkeys, ...actions }: { passkeys: readonly ListedPasskey[] } & PasskeyActions) {
  const { t } = useTranslation('account');
  return (
    <Box component="ul" aria-label={t('passkeys.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {passkeys.map((passkey) => (
        <PasskeyRow key={passkey.id} passkey={passkey} {...actions} />
      ))}
    </Box>
  );
}

function PasskeyRow({ passkey, onRename, onDelete }: { passkey: ListedPasskey } & PasskeyActions) {
  const { t, i18n } = useTranslation('account');
  const name = passkeyName(t, passkey);
  const details: [string, string][] = [
    [t('passkeys.type'), passkey.deviceType === 'multiDevice' ? t('passkeys.synced') : t('passkeys.deviceBound')],
  ];
  if (passkey.createdAt) details.unshift([t('passkeys.created'), formatDate(passkey.createdAt, i18n.language)]);
  return (
    <ItemRow
      testId="passkey-row"
      heading={name}
      chip={passkey.backedUp && <Chip size="small" variant="outlined" label={t('passkeys.backedUp')} />}
      details={details}
      actions={
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            size="small"
            variant="outlined"
            onClick={() => onRename(passkey)}
            aria-label={t('passkeys.renameLabel', { name })}
          >
            {t('passkeys.rename')}
          </Button>
          <Button
            size="small"
            color="error"
            variant="outlined"
            onClick={() => onDelete(passkey)}
            aria-label={t('passkeys.deleteLabel', { name })}
          >
            {t('delete', { ns: 'common' })}
          </Button>
        </Box>
      }
    />
  );
}
