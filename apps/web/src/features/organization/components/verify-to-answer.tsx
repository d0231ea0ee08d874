/**
 * @module On the invitation page of an invitee whose address is not verified: what to do, and a
 * button that mails a new verification link, which leads back to this invitation once followed.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { ServerError } from '../../../components/server-error';
import { clientErrorOf } from '../../../lib/unwrap';
import { useResendVerificationEmail } from '../api/resend-verification-email';

export function VerifyToAnswer({ email, invitationPath }: { email: string; invitationPath: string }) {
  const { t } = useTranslation('organization');
  const resend = useResendVerificationEmail();
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('invitation.verifyFirst', { email })}
      </Alert>
      {resend.isSuccess ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {t('invitationReturn.resent', { email })}
        </Alert>
      ) : (
        <Button
          variant="contained"
          sx={{ mb: 2 }}
          disabled={resend.isPending || !email}
          aria-busy={resend.isPending}
          startIcon={resend.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          onClick={() => resend.mutate({ email, returnTo: invitationPath })}
        >
          {t('invitationReturn.resend')}
        </Button>
      )}
      <ServerError error={clientErrorOf(resend.error)} />
    </>
  );
}
