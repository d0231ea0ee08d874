/**
 * @module Resuming an authorization after a sign-in (the `signInContinuation` hook): the login
 * page's calls carry the signed request as `oauth_query` (better-auth's `oauthProviderClient()`
 * adds it to every POST). A forged or expired one is refused before the endpoint runs, so it signs
 * nobody in; a genuine one, should the call create a session (a password, a sign-up, a passkey, a
 * second factor), sends the browser on from there: the answer is `{redirect: true, url}` in the
 * endpoint's stead, which a form post follows as a 303. A sign-in through a provider's round trip
 * (social sign-in) leaves this request and is not resumed.
 */
import type { CurrentSession, PluginHooks, RequestHeaders, SignInContinuation } from '../../../plugin';
import { oauthErrorResponse, OAuthError } from '../oauth-error';
import type { ResolvedOAuthProviderOptions } from '../options';
import { verifySignedQuery } from '../signed-query';
import type { RedirectAnswer } from './answer';
import { authorize, withoutPrompt } from './authorize';

/** better-auth's refusal of an `oauth_query` whose signature does not verify or that expired. */
export function invalidSignature(): Response {
  return oauthErrorResponse(new OAuthError('invalid_signature', 'the oauth_query is invalid or has expired'));
}

/** The body's `oauth_query`, if it has one (a JSON body or a form). */
export function oauthQueryOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('oauth_query' in body)) return undefined;
  return typeof body.oauth_query === 'string' ? body.oauth_query : undefined;
}

export function signInContinuation(
  options: ResolvedOAuthProviderOptions,
): NonNullable<PluginHooks['signInContinuation']> {
  return async (body, request: { headers: RequestHeaders; clientIp: string | undefined }, auth) => {
    const oauthQuery = oauthQueryOf(body);
    if (oauthQuery === undefined) return undefined;
    const verified = verifySignedQuery(auth, oauthQuery);
    if (!verified) return invalidSignature();
    const continuation: SignInContinuation = async (current: CurrentSession): Promise<RedirectAnswer> => {
      // The session just created is the authentication `prompt=login`, `create` or `max_age` asked
      // for, and the account chosen.
      let params = verified.request;
      for (const satisfied of ['login', 'create', 'select_account']) params = withoutPrompt(params, satisfied);
      params.delete('max_age');
      const url = await authorize({ auth, options, ...request }, params, current);
      return { redirect: true, url };
    };
    return continuation;
  };
}
