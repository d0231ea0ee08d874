/**
 * @module Why a sign-in failed, in words a person can act on. Wrong credentials never say which
 * part was wrong (the server answers both alike); an unverified address gets the note that the
 * server has just mailed a new link, and a button for one that opens this app's page.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ServerError } from '../../../components/server-error';
import type { AppError } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { clientErrorOf } from '../../../lib/unwrap';
import { isEmailIdentifier } from '../api/sign-in';
import { useSendVerificationEmail } from '../api/send-verification-email';
import { DevOutboxNote } from './dev-outbox-note';

/** Codes with a sign-in specific explanation (auth namespace, `signIn.errors.*`). */
const EXPLAINED: Readonly<Partial<Record<AppError['code'], string>>> = {
  INVALID_EMAIL_OR_PASSWORD: 'signIn.errors.invalidEmailOrPassword',
  INVALID_USERNAME_OR_PASSWORD: 'signIn.errors.invalidUsernameOrPassword',
  BANNED_USER: 'signIn.errors.banned',
  TOO_MANY_REQUESTS: 'signIn.errors.tooManyRequests',
};

export interface SignInErrorProps {
  error: AppError | null;
  identifier: string;
  /** Where sign-in leads on to (a path of this app), which a new verification link keeps. */
  returnTo?: string;
}

export function SignInError({ error, identifier, returnTo }: SignInErrorProps) {
  const { t } = useTranslation('auth');
  if (!error) return null;
  if (error.code === 'EMAIL_NOT_VERIFIED')
    return <EmailNotVerified identifier={identifier.trim()} returnTo={returnTo} />;
  const key = EXPLAINED[error.code];
  if (!key) return <ServerError error={error} />;
  return (
    <Alert severity="error" role="alert" sx={{ my: 2 }} data-code={error.code}>
      {t(key)}
    </Alert>
  );
}

function EmailNotVerified({ identifier, returnTo }: { identifier: string; returnTo?: string }) {
  const { t } = useTranslation('auth');
  const resend = useSendVerificationEmail();
  const resendError = clientErrorOf(resend.error);
  return (
    <Alert severity="warning" role="alert" sx={{ my: 2 }} data-code="EMAIL_NOT_VERIFIED">
      <AlertTitle>{t('signIn.errors.emailNotVerifiedTitle')}</AlertTitle>
      {t('signIn.errors.emailNotVerified')}
      <DevOutboxNote />
      {isEmailIdentifier(identifier) &&
        (resend.isSuccess ? (
          <Typography variant="body2" sx={{ mt: 1 }} role="status">
            {t('signIn.resent')}
          </Typography>
        ) : (
          <Button
            size="small"
            color="inherit"
            sx={{ mt: 1 }}
            disabled={resend.isPending}
            onClick={() => resend.mutate({ email: identifier, returnTo })}
          >
            {t('signIn.resend')}
          </Button>
        ))}
      {resendError && (
        <Typography variant="body2" color="error" sx={{ mt: 1 }}>
          {errorMessage(t, resendError)}
        </Typography>
      )}
    </Alert>
  );
}
