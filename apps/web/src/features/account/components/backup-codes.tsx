/**
 * @module The ten backup codes, shown once after they are made: a list, "Copy" (the clipboard) and
 * "Download" (a text file made in the browser), since the server never shows them again.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast';

const FILE_NAME = 'latchkey-backup-codes.txt';

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = FILE_NAME;
  link.click();
  URL.revokeObjectURL(url);
}

export function BackupCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ message: t('twoFactor.codesCopied') });
    } catch {
      toast({ message: t('twoFactor.copyFailed'), severity: 'error' });
    }
  };
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {t('twoFactor.backupCodesTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('twoFactor.backupCodesHelp')}
      </Typography>
      <Box
        component="ul"
        aria-label={t('twoFactor.backupCodesTitle')}
        sx={{
          fontFamily: 'monospace',
          display: 'grid',
          gridTemplateColumns: 'repeat(2, max-content)',
          columnGap: 4,
          listStyle: 'none',
          p: 0,
          my: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={copy}>
          {t('twoFactor.copyCodes')}
        </Button>
        <Button variant="outlined" onClick={() => download(text)}>
          {t('twoFactor.downloadCodes')}
        </Button>
      </Stack>
    </Box>
  );
}
