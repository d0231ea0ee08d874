/**
 * @module `/sign-up?redirectTo=…`: the form, then "check your mail"; or an account made by a
 * provider. `redirectTo` (the page that sent the user to sign in, such as an invitation) is kept
 * through all of it: the provider's callback, "continue", the link back to sign-in, and the
 * verification mail's link all lead back there (only ever a path of this app); without it, to the
 * account page. Someone already signed in who opens it goes on to `redirectTo` as from `/sign-in`:
 * a sign-up would silently replace their session with the new account's. Once this page has signed
 * someone up it stays, since the session exists then too and the page must say what comes next.
 * Opened by an application's authorization request (`prompt=create`), the sign-up carries its
 * signed query and, once it has a session, the browser leaves for the request's next page; the
 * application asked for a new account, so someone signed in gets the form too, but told first
 * whose session the new account replaces.
 */
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from '../../../lib/router';
import { CardPage } from '../../../components/page';
import { useSession } from '../../../lib/auth';
import { keepOAuthQuery, signedOAuthQueryOf } from '../../../lib/oauth-query';
import { safeRedirect, signInPath } from '../../../lib/safe-redirect';
import { useInvitationPreview } from '../api/invitation-preview';
import { CheckYourMail } from './check-your-mail';
import { InvitationNotice } from './invitation-notice';
import { LeavingForApplication } from './oauth-continue';
import { SignUpForm, type SignedUp } from './sign-up-form';
import { SocialSignIn } from './social-sign-in';

export function SignUpPage() {
  const { t } = useTranslation('auth');
  const { data, refetch } = useSession();
  const [signedUp, setSignedUp] = useState<SignedUp | null>(null);
  const [searchParams] = useSearchParams();
  const requested = safeRedirect(searchParams.get('redirectTo'), '');
  const returnTo = requested || '/account';
  const oauthQuery = signedOAuthQueryOf(searchParams);
  const [leaving, setLeaving] = useState(false);
  const invitation = useInvitationPreview(requested);

  if (leaving) {
    return (
      <CardPage title={t('signUp.title')}>
        <LeavingForApplication />
      </CardPage>
    );
  }

  if (signedUp) {
    return (
      <CardPage title={t('checkMail.title')}>
        <CheckYourMail {...signedUp} returnTo={requested || undefined} />
      </CardPage>
    );
  }
  if (data && !oauthQuery) return <Navigate to={returnTo} replace />;
  return (
    <CardPage title={t('signUp.title')}>
      {data && (
        <Alert severity="warning" role="status" sx={{ mb: 2 }}>
          {t('signUp.signedInAs', { name: data.user.name || data.user.email, email: data.user.email })}
        </Alert>
      )}
      {invitation && <InvitationNotice preview={invitation} signUp />}
      <SocialSignIn returnTo={returnTo} signUp oauthQuery={oauthQuery} />
      <SignUpForm
        returnTo={requested || undefined}
        oauthQuery={oauthQuery}
        onLeaving={() => setLeaving(true)}
        email={invitation?.email}
        onSignedUp={async (result) => {
          // Shown before the session is read again, which would otherwise send the new user away.
          setSignedUp(result);
          // The account page behind "continue" must see the new session, not the old "signed out".
          if (result.signedIn) await refetch();
        }}
      />
      <Typography variant="body2" sx={{ mt: 3 }}>
        {t('signUp.haveAccount')}{' '}
        <Link component={RouterLink} to={keepOAuthQuery(requested ? signInPath(requested) : '/sign-in', oauthQuery)}>
          {t('signUp.signInLink')}
        </Link>
      </Typography>
    </CardPage>
  );
}
