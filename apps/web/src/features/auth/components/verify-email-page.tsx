/**
 * @module `/verify-email`: where the verification link lands. The server redirects here after
 * verifying, to the callbackURL the mail carried (`?verified=1`, auth-paths.ts), adding
 * `?error=token_expired|invalid_token|user_not_found|unauthorized` when it could not. Opened
 * without either, no link was followed: unless the signed-in user's address is verified (a link
 * mailed before the marker existed), that is the invalid-link state, never "verified". When the
 * server signed the user in (or the browser already was), the next step is `redirectTo` (carried by
 * the link from the page that asked for it, such as an invitation; only a path of this app), else the
 * account; otherwise sign-in, which then leads there. A user with two-factor on whom the link would
 * have signed in goes on to the second step (`?twoFactorRedirect`), then there. A link opened again
 * after it verified the address fails as spent (`invalid_token`, SPEC §8's code, which the server
 * keeps); when the signed-in user's address is verified, the page says so instead of "not verified".
 * An `error` that does not look like a code is shown as Unknown (`lib/flow-error.ts`).
 */
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from '../../../lib/router';
import { CardPage } from '../../../components/page';
import { useSession } from '../../../lib/auth';
import { flowErrorOf } from '../../../lib/flow-error';
import { LinkOutcome } from './link-outcome';
import { safeRedirect, signInPath } from '../../../lib/safe-redirect';
import { heldSignInOf, twoFactorPath } from '../lib/second-step';

/** SPEC §8's verify-email failures, each explained in `verifyEmail.errors.*`. */
const FAILURES = ['token_expired', 'invalid_token', 'user_not_found', 'unauthorized'] as const;
/** The failures of a link that may simply have been used already. */
const SPENT: ReadonlySet<string> = new Set(['token_expired', 'invalid_token']);

export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const { data, isPending } = useSession();
  const returnTo = safeRedirect(searchParams.get('redirectTo'), '');
  const verified = searchParams.get('verified') === '1' || data?.user.emailVerified === true;
  // One object per address, not per render: <Navigate> navigates again whenever its state changes,
  // and the second step loads on first visit, so each render while it loads started it over.
  const heldSignIn = useMemo(() => heldSignInOf(searchParams), [searchParams]);
  // Nothing is claimed before the session is known: it may be what shows the address verified.
  if (isPending) return null;
  // Verified, and the link's sign-in held for the second step: the mailbox alone signs nobody in.
  const held = data ? null : heldSignIn;
  if (held) return <Navigate to={twoFactorPath(returnTo)} state={held} replace />;
  const linkFailure = flowErrorOf(searchParams);
  // A spent or expired link of someone whose address is verified already: nothing is left to do.
  const alreadyVerified = data?.user.emailVerified === true && SPENT.has(linkFailure ?? '');
  const failure = alreadyVerified ? null : (linkFailure ?? (verified ? null : 'invalid_token'));

  return (
    <CardPage title={t(failure ? 'verifyEmail.failedTitle' : 'verifyEmail.title')}>
      <LinkOutcome
        page="verifyEmail"
        failure={failure}
        knownFailures={FAILURES}
        done={alreadyVerified ? t('verifyEmail.alreadyVerified') : undefined}
      />
      {data ? (
        <Button component={RouterLink} to={returnTo || '/account'} variant="contained" fullWidth>
          {returnTo ? t('returnAddress.continue') : t('goToAccount')}
        </Button>
      ) : (
        <Button component={RouterLink} to={returnTo ? signInPath(returnTo) : '/sign-in'} variant="contained" fullWidth>
          {t('signIn.submit')}
        </Button>
      )}
    </CardPage>
  );
}
