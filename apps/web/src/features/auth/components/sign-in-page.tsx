/**
 * @module `/sign-in`. Afterwards, and for anyone already signed in who opens it, the app goes on to
 * `redirectTo` (the page that sent the user here), only ever a path of this app. A sign-in through
 * a provider that failed comes back here with `?error=…`, explained above the form; a session the
 * server ended under a screen (revoked from another device, expired) is explained there too. "Sign
 * up" keeps `redirectTo`, so an invitee without an account comes back to the invitation after
 * signing up. An account with two-factor on goes on to `/sign-in/two-factor`, keeping `redirectTo`,
 * also when a provider's sign-in comes back here held for its second step (`?twoFactorRedirect`).
 * A passkey signs in without either (`passkey-sign-in.tsx`) and goes where a password sign-in goes.
 */
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CardPage } from '../../../components/page';
import { useSession } from '../../../lib/auth';
import { explainFlowError, flowErrorOf } from '../../../lib/flow-error';
import { safeRedirect, signUpPath } from '../../../lib/safe-redirect';
import { sessionEndedOf } from '../../../lib/session-end';
import { PasskeySignIn } from './passkey-sign-in';
import { SignInForm } from './sign-in-form';
import { heldSignInOf, secondStepState, twoFactorPath } from './two-factor-page';
import { SocialSignIn } from './social-sign-in';

export function SignInPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { data, refetch } = useSession();
  const requested = safeRedirect(searchParams.get('redirectTo'), '');
  const target = requested || '/account';
  const flowError = flowErrorOf(searchParams);
  const sessionEnded = sessionEndedOf(useLocation().state);

  // A password or passkey sign-in: the guarded page must not see the old "signed out" state and
  // send the user back here.
  const signedIn = async () => {
    await refetch();
    navigate(target, { replace: true });
  };

  if (data) return <Navigate to={target} replace />;
  // A provider's sign-in held for the second step came back here (its error target).
  const held = heldSignInOf(searchParams);
  if (held) return <Navigate to={twoFactorPath(requested)} state={held} replace />;
  return (
    <CardPage title={t('signIn.title')}>
      {sessionEnded && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {t('sessionEnded.message')}
        </Alert>
      )}
      {flowError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} data-code={flowError}>
          {explainFlowError(t, flowError)}
        </Alert>
      )}
      <SocialSignIn returnTo={target} />
      <PasskeySignIn onSignedIn={signedIn} />
      <SignInForm
        returnTo={requested || undefined}
        onSignedIn={signedIn}
        onSecondStep={(answer) =>
          navigate(twoFactorPath(requested), { state: secondStepState(answer.twoFactorMethods) })
        }
      />
      <Stack spacing={1} sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/forgot-password">
          {t('signIn.forgotPassword')}
        </Link>
        <Typography variant="body2">
          {t('signIn.noAccount')}{' '}
          <Link component={RouterLink} to={requested ? signUpPath(requested) : '/sign-up'}>
            {t('signIn.signUpLink')}
          </Link>
        </Typography>
      </Stack>
    </CardPage>
  );
}
