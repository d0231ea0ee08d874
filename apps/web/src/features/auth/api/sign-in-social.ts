/**
 * @module POST /sign-in/social: asks the server for the provider's authorization URL, and the
 * client follows it (a full page load to the provider). Paths, not URLs: the server resolves them
 * against its own origin, which serves this app, so they pass its redirect check unconfigured.
 * The provider's answer comes back to `returnTo`; a failure to the sign-in page with `?error=…`.
 * With `oauthQuery` (the page was opened by an application's authorization request) the server
 * keeps the request with the flow, and the provider's answer goes on to the request's next page
 * (consent, or the application itself) instead of `returnTo`; a failure or a held second step
 * comes back to the sign-in page with the request still in its address.
 */
import type { AppClient } from '../../../lib/auth';
import { keepOAuthQuery, withOAuthQuery } from '../../../lib/oauth-query';
import { signInPath } from '../../../lib/safe-redirect';
import { unwrap } from '../../../lib/unwrap';

export interface SocialSignInValues {
  provider: string;
  /** A path of this app (`safeRedirect`). */
  returnTo: string;
  /** From the sign-up page: a provider that creates users only on request creates one. */
  signUp?: boolean;
  /** The page's signed authorization request (`signedOAuthQueryOf`), if it has one. */
  oauthQuery?: string | null;
}

export function signInSocial(
  client: AppClient,
  { provider, returnTo, signUp = false, oauthQuery = null }: SocialSignInValues,
) {
  return unwrap(
    client.signIn.social(
      withOAuthQuery(
        {
          provider,
          callbackURL: returnTo,
          errorCallbackURL: keepOAuthQuery(signInPath(returnTo), oauthQuery),
          ...(signUp ? { requestSignUp: true } : {}),
        },
        oauthQuery,
      ),
    ),
  );
}
