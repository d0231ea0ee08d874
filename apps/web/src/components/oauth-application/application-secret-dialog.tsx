/**
 * @module The client secret, shown once: after the application is created or its secret rotated.
 * The server keeps only a digest, so the dialog says so, offers "Copy", and closes only at the
 * admin's word (no click outside, no Escape) so the secret is not lost by accident.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../toast';

export function ApplicationSecretDialog({
  clientId,
  secret,
  onClose,
}: {
  clientId: string;
  secret: string | null;
  onClose(): void;
}) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const titleId = useId();
  const secretId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      toast({ message: t('applications.secret.copied') });
    } catch {
      toast({ message: t('applications.secret.copyFailed'), severity: 'error' });
    }
  };
  return (
    <Dialog open={secret !== null} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('applications.secret.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('applications.secret.warning')}
        </Alert>
        <Typography variant="subtitle2" component="p">
          {t('applications.fields.clientId')}
        </Typography>
        <Box component="code" data-testid="client-id" sx={{ display: 'block', mb: 2, wordBreak: 'break-all' }}>
          {clientId}
        </Box>
        <Typography variant="subtitle2" component="p" id={secretId}>
          {t('applications.fields.clientSecret')}
        </Typography>
        <Box
          component="code"
          aria-labelledby={secretId}
          data-testid="client-secret"
          sx={{ display: 'block', wordBreak: 'break-all', p: 1, bgcolor: 'action.hover', borderRadius: 1 }}
        >
          {secret}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>{t('applications.secret.copy')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('applications.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
