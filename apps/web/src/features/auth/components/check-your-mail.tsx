/**
 * @module What follows a sign-up: the verification link is in the mail. When the server already
 * started a session the user may go on (verifying later): to `returnTo`, the page that sent them
 * to sign up (such as an invitation), else the account; otherwise sign-in waits for the link.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '../../../lib/router';
import { signInPath } from '../../../lib/safe-redirect';
import type { SignedUp } from './sign-up-form';
import { DevOutboxNote } from './dev-outbox-note';

/** `returnTo`: a path of this app already checked with `safeRedirect`. */
export function CheckYourMail({ email, signedIn, returnTo }: SignedUp & { returnTo?: string }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Alert severity="success" role="status" sx={{ mb: 2 }}>
        {t('checkMail.text', { email })}
        <DevOutboxNote />
      </Alert>
      {signedIn ? (
        <Button component={RouterLink} to={returnTo ?? '/account'} variant="contained" fullWidth>
          {returnTo ? t('returnAddress.continue') : t('checkMail.continue')}
        </Button>
      ) : (
        <>
          <Typography variant="body2" gutterBottom>
            {t('checkMail.thenSignIn')}
          </Typography>
          <Button component={RouterLink} to={returnTo ? signInPath(returnTo) : '/sign-in'} variant="outlined" fullWidth>
            {t('signIn.submit')}
          </Button>
        </>
      )}
    </>
  );
}
