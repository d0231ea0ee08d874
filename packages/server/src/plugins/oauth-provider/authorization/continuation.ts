/**
 * @module Resuming an authorization after a sign-in (the `signInContinuation` hook): the login
 * page's calls carry the signed request as `oauth_query` (better-auth's `oauthProviderClient()`
 * adds it to every POST). A forged or expired one is refused before the endpoint runs, so it signs
 * nobody in; a genuine one, should the call create a session (a password, a sign-up, a passkey, a
 * second factor), sends the browser on from there: the answer is `{redirect: true, url}` in the
 * endpoint's stead, which a form post follows as a 303. A sign-in through a provider's round trip
 * (POST /sign-in/social) keeps the checked request with its OAuth state, and the callback resumes
 * it once the provider has answered and the session exists (`resumeSignInContinuation`).
 */
import type { CurrentSession, PluginHooks, PluginHost, SignInContinuation, SignInRequest } from '../../../plugin';
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

/** The marker of this plugin's resumable continuations, before the request's parameters. */
const RESUMABLE = 'oauth-provider:authorize?';

type Request = SignInRequest;

/**
 * The authorization `params` asked for, resumed with the session just created, which is the
 * authentication `prompt=login`, `create` or `max_age` asked for, and the account chosen.
 * `resumable` carries the request over a social sign-in's provider round trip: checked already, it
 * is kept server-side in the OAuth state and needs no signature there (better-auth keeps it alike,
 * in the state's server context).
 */
function continuationOf(
  options: ResolvedOAuthProviderOptions,
  auth: PluginHost,
  request: Request,
  params: URLSearchParams,
): SignInContinuation {
  const continuation = async (current: CurrentSession): Promise<RedirectAnswer> => {
    let resumed = new URLSearchParams(params);
    for (const satisfied of ['login', 'create', 'select_account']) resumed = withoutPrompt(resumed, satisfied);
    resumed.delete('max_age');
    const url = await authorize({ auth, options, ...request }, resumed, current);
    return { redirect: true, url };
  };
  return Object.assign(continuation, { resumable: `${RESUMABLE}${params.toString()}` });
}

export function signInContinuation(
  options: ResolvedOAuthProviderOptions,
): NonNullable<PluginHooks['signInContinuation']> {
  return async (body, request, auth) => {
    const oauthQuery = oauthQueryOf(body);
    if (oauthQuery === undefined) return undefined;
    const verified = verifySignedQuery(auth, oauthQuery);
    if (!verified) return invalidSignature();
    return continuationOf(options, auth, request, verified.request);
  };
}

/** The authorization a social sign-in's callback resumes (`resumeSignInContinuation`). */
export function resumeSignInContinuation(
  options: ResolvedOAuthProviderOptions,
): NonNullable<PluginHooks['resumeSignInContinuation']> {
  return async (resumable, request, auth) => {
    if (!resumable.startsWith(RESUMABLE)) return undefined;
    return continuationOf(options, auth, request, new URLSearchParams(resumable.slice(RESUMABLE.length)));
  };
}
