/**
 * @module Sign-in with one "e-mail or username" field: what contains an `@` is an e-mail address
 * (usernames may not contain one), anything else a username. Either route answers the same way,
 * and the cached session reloads after it (SPEC §4). An account with two-factor on gets no session
 * yet but `{twoFactorRedirect: true, twoFactorMethods}`: the second step (`two-factor-page.tsx`)
 * finishes the sign-in.
 */
import type { AppClient } from '../../../lib/auth';
import { withOAuthQuery } from '../../../lib/oauth-query';
import { unwrap } from '../../../lib/unwrap';

export interface SignInValues {
  identifier: string;
  password: string;
  rememberMe: boolean;
}

export function isEmailIdentifier(identifier: string): boolean {
  return identifier.includes('@');
}

/**
 * No `callbackURL`: the client would follow it with a full page load; the sign-in page navigates
 * itself, to the page the user came from. With `oauthQuery` (the page was opened by an
 * application's authorization request) the server answers `{redirect: true, url}` instead, the
 * request's next page, which the client follows.
 */
export async function signIn(
  client: AppClient,
  { identifier, password, rememberMe }: SignInValues,
  oauthQuery?: string | null,
): Promise<unknown> {
  const id = identifier.trim();
  return isEmailIdentifier(id)
    ? unwrap(client.signIn.email(withOAuthQuery({ email: id, password, rememberMe }, oauthQuery)))
    : unwrap(client.signIn.username(withOAuthQuery({ username: id, password, rememberMe }, oauthQuery)));
}

/** The answer of a sign-in the server holds for its second step: the methods it offers (`totp`, `otp`). */
export interface TwoFactorRedirect {
  twoFactorRedirect: true;
  twoFactorMethods?: string[];
}

export function isTwoFactorRedirect(answer: unknown): answer is TwoFactorRedirect {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    (answer as { twoFactorRedirect?: unknown }).twoFactorRedirect === true
  );
}
