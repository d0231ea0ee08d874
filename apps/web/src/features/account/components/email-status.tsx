/**
 * @module The account's e-mail address, whether it is verified, and for an unverified one a
 * button that mails a new verification link.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmailText } from '../../../components/email-text';
import { ServerError } from '../../../components/server-error';
import { clientErrorOf } from '../../../lib/unwrap';
import { useSendVerificationEmail } from '../api/send-verification-email';

export function EmailStatus({ email, verified }: { email: string; verified: boolean }) {
  const { t } = useTranslation('account');
  const resend = useSendVerificationEmail();
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="subtitle2" component="h3" color="text.secondary">
        {t('profile.email')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography data-testid="account-email">
          <EmailText email={email} />
        </Typography>
        <Chip
          size="small"
          color={verified ? 'success' : 'warning'}
          variant="outlined"
          label={verified ? t('profile.verified') : t('profile.notVerified')}
        />
        {!verified && (
          <Button
            size="small"
            onClick={() => resend.mutate(email)}
            disabled={resend.isPending}
            aria-busy={resend.isPending}
            startIcon={resend.isPending ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
          >
            {t('profile.resendVerification')}
          </Button>
        )}
      </Box>
      {resend.isSuccess && (
        <Alert severity="success" role="status" sx={{ mt: 1 }}>
          {t('profile.verificationSent', { email })}
        </Alert>
      )}
      <ServerError error={clientErrorOf(resend.error)} />
    </Box>
  );
}
