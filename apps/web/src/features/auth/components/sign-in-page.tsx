/**
 * @module `/sign-in`. Afterwards, and for anyone already signed in who opens it, the app goes on to
 * `redirectTo` (the page that sent the user here), only ever a path of this app. A sign-in through
 * a provider that failed comes back here with `?error=…`, explained above the form; a session the
 * server ended under a screen (revoked from another device, expired) is explained there too. "Sign
 * up" keeps `redirectTo`, so an invitee without an account comes back to the invitation after
 * signing up. An account with two-factor on goes on to `/sign-in/two-factor`, keeping `redirectTo`,
 * also when a provider's sign-in comes back here held for its second step (`?twoFactorRedirect`).
 * A passkey signs in without either (`passkey-sign-in.tsx`) and goes where a password sign-in goes.
 * Opened by an application's authorization request (a signed query, `lib/oauth-query.ts`), every
 * sign-in carries it and the browser leaves for the request's next page (consent, or the
 * application); someone already signed in may continue as who they are, unless the application
 * asked for a new sign-in (`prompt=login`, `max_age`). Sign-up and the second step keep the query.
 */
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useSearchParams } from '../../../lib/router';
import { CardPage } from '../../../components/page';
import { useSession } from '../../../lib/auth';
import { explainFlowError, flowErrorOf } from '../../../lib/flow-error';
import { isOAuthRedirect, keepOAuthQuery, needsNewSignIn, signedOAuthQueryOf } from '../../../lib/oauth-query';
import { safeRedirect, signUpPath } from '../../../lib/safe-redirect';
import { sessionEndedOf } from '../../../lib/session-end';
import { useInvitationPreview } from '../api/invitation-preview';
import { InvitationNotice } from './invitation-notice';
import { ContinueAs, LeavingForApplication } from './oauth-continue';
import { PasskeySignIn } from './passkey-sign-in';
import { SignInForm } from './sign-in-form';
import { heldSignInOf, secondStepState, twoFactorPath } from '../lib/second-step';
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
  const oauthQuery = signedOAuthQueryOf(searchParams);
  const [leaving, setLeaving] = useState(false);
  const invitation = useInvitationPreview(requested);
  // One object per address, not per render: <Navigate> navigates again whenever its state changes,
  // and the second step loads on first visit, so each render while it loads started it over.
  const heldSignIn = useMemo(() => heldSignInOf(searchParams), [searchParams]);

  // A password or passkey sign-in: the guarded page must not see the old "signed out" state and
  // send the user back here.
  const signedIn = async (answer: unknown) => {
    // The client follows the authorization's next page, maybe on the application's origin.
    if (isOAuthRedirect(answer)) return setLeaving(true);
    await refetch();
    navigate(target, { replace: true });
  };

  if (leaving) {
    return (
      <CardPage title={t('signIn.title')}>
        <LeavingForApplication />
      </CardPage>
    );
  }
  if (data && oauthQuery && !needsNewSignIn(oauthQuery)) {
    return (
      <CardPage title={t('signIn.title')}>
        <ContinueAs oauthQuery={oauthQuery} user={data.user} onLeaving={() => setLeaving(true)} />
      </CardPage>
    );
  }
  if (data && !oauthQuery) return <Navigate to={target} replace />;
  // A provider's sign-in held for the second step came back here (its error target).
  if (heldSignIn) {
    return <Navigate to={keepOAuthQuery(twoFactorPath(requested), oauthQuery)} state={heldSignIn} replace />;
  }
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
      {invitation && <InvitationNotice preview={invitation} />}
      <SocialSignIn returnTo={target} oauthQuery={oauthQuery} />
      <PasskeySignIn oauthQuery={oauthQuery} onSignedIn={signedIn} />
      <SignInForm
        returnTo={requested || undefined}
        oauthQuery={oauthQuery}
        onSignedIn={signedIn}
        email={invitation?.email}
        onSecondStep={(answer) =>
          navigate(keepOAuthQuery(twoFactorPath(requested), oauthQuery), {
            state: secondStepState(answer.twoFactorMethods),
          })
        }
      />
      <Stack spacing={1} sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/forgot-password">
          {t('signIn.forgotPassword')}
        </Link>
        <Typography variant="body2">
          {t('signIn.noAccount')}{' '}
          <Link component={RouterLink} to={keepOAuthQuery(requested ? signUpPath(requested) : '/sign-up', oauthQuery)}>
            {t('signIn.signUpLink')}
          </Link>
        </Typography>
      </Stack>
    </CardPage>
  );
}
