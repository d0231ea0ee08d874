/**
 * @module The passkeys as a list: each with its name, when it was added, where it is kept (synced
 * across devices by a password manager, or bound to one device) and whether it is backed up, with
 * "rename" and "delete". Entries wrap at phone width instead of scrolling, so the buttons stay in view.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ListedPasskey } from '../api/list-passkeys';

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

const rowStyle = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 1,
  py: 1.5,
  borderBottom: 1,
  borderColor: 'divider',
} as const;
const detailsStyle = {
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: 2,
  rowGap: 0.25,
  m: 0,
  typography: 'body2',
  color: 'text.secondary',
} as const;

function PasskeyRow({ passkey, onRename, onDelete }: { passkey: ListedPasskey } & PasskeyActions) {
  const { t, i18n } = useTranslation('account');
  const name = passkeyName(t, passkey);
  const details: [string, string][] = [
    [t('passkeys.type'), passkey.deviceType === 'multiDevice' ? t('passkeys.synced') : t('passkeys.deviceBound')],
  ];
  if (passkey.createdAt)
    details.unshift([
      t('passkeys.created'),
      new Date(passkey.createdAt).toLocaleDateString(i18n.language, { dateStyle: 'medium' }),
    ]);
  return (
    <Box component="li" data-testid="passkey-row" sx={rowStyle}>
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography component="h3" variant="subtitle1" sx={{ overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          {passkey.backedUp && <Chip size="small" variant="outlined" label={t('passkeys.backedUp')} />}
        </Box>
        <Box component="dl" sx={detailsStyle}>
          {details.map(([term, value]) => (
            <Box key={term} sx={{ display: 'flex', gap: 0.5 }}>
              <Box component="dt">{term}:</Box>
              <Box component="dd" sx={{ m: 0, color: 'text.primary' }}>
                {value}
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
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
    </Box>
  );
}
