/**
 * @module POST /sign-in/social: asks the server for the provider's authorization URL, and the
 * client follows it (a full page load to the provider). Paths, not URLs: the server resolves them
 * against its own origin, which serves this app, so they pass its redirect check unconfigured.
 * The provider's answer comes back to `returnTo`; a failure to the sign-in page with `?error=…`.
 */
import type { AppClient } from '../../../lib/auth';
import { signInPath } from '../../../lib/safe-redirect';
import { unwrap } from '../../../lib/unwrap';

export interface SocialSignInValues {
  provider: string;
  /** A path of this app (`safeRedirect`). */
  returnTo: string;
  /** From the sign-up page: a provider that creates users only on request creates one. */
  signUp?: boolean;
}

export function signInSocial(client: AppClient, { provider, returnTo, signUp = false }: SocialSignInValues) {
  return unwrap(
    client.signIn.social({
      provider,
      callbackURL: returnTo,
      errorCallbackURL: signInPath(returnTo),
      ...(signUp ? { requestSignUp: true } : {}),
    }),
  );
}
