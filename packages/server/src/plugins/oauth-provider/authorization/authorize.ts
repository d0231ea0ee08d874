/**
 * @module The authorization's decision, the same wherever it is taken (GET /oauth2/authorize, the
 * continuation after a sign-in, the consent and continue routes): the login page when nobody is
 * signed in or the request demands a new authentication, then the account-selection and consent
 * pages when they are due, else a code for the client. Each page is sent the request signed
 * (signed-query.ts), which is all it carries back.
 */
import { emitEvent, type CurrentSession, type PluginHost, type RequestHeaders } from '../../../plugin';
import { findConsent } from '../consents/store';
import { grantReference } from '../organization/claims';
import type { ResolvedOAuthProviderOptions } from '../options';
import { signAuthorizationQuery } from '../signed-query';
import { clientErrorUrl } from './answer';
import { issueAuthorizationCode } from './issue-code';
import { AuthorizationRedirect, parseAuthorizationRequest, type AuthorizationRequest } from './request';

/** The request being served: the host, the plugin's options, and who asks (for the events). */
export interface AuthorizationScope {
  readonly auth: PluginHost;
  readonly options: ResolvedOAuthProviderOptions;
  readonly headers: RequestHeaders;
  readonly clientIp: string | undefined;
}

/** `prompt` without `value`, as the flow goes on past what asked for it. */
export function withoutPrompt(params: URLSearchParams, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const rest = (next.get('prompt') ?? '').split(' ').filter((prompt) => prompt && prompt !== value);
  if (rest.length) next.set('prompt', rest.join(' '));
  else next.delete('prompt');
  return next;
}

function page(scope: AuthorizationScope, url: string, params: URLSearchParams): string {
  return `${url}?${signAuthorizationQuery(scope.auth, params, scope.options.signedQueryExpiresIn)}`;
}

/** Where the browser goes next for the request `params`, `current` signed in (or nobody: null). */
export async function authorize(
  scope: AuthorizationScope,
  params: URLSearchParams,
  current: CurrentSession | null,
): Promise<string> {
  const { auth, options } = scope;
  let request: AuthorizationRequest;
  try {
    request = await parseAuthorizationRequest(auth, options, params);
  } catch (error) {
    if (!(error instanceof AuthorizationRedirect)) throw error;
    emitEvent(scope, 'oauth-authorized', {
      outcome: 'failure',
      userId: current?.user.id ?? null,
      detail: { clientId: error.clientId, error: error.error },
    });
    return error.url;
  }
  const { prompts } = request;
  const refuse = (error: 'login_required' | 'consent_required', description: string) => {
    emitEvent(scope, 'oauth-authorized', {
      outcome: 'failure',
      userId: current?.user.id ?? null,
      detail: { clientId: request.client.clientId, error },
    });
    return clientErrorUrl(request.redirectUri, error, description, request.state, options.issuer(auth));
  };

  // OIDC max_age: a session older than asked must authenticate again (a new session is the proof).
  const stale =
    current !== null &&
    request.maxAge !== null &&
    (request.maxAge === 0 || auth.now().getTime() - current.session.createdAt.getTime() > request.maxAge * 1000);
  if (!current || stale || prompts.has('login') || prompts.has('create')) {
    if (prompts.has('none')) return refuse('login_required', 'authentication required');
    return page(scope, options.page(auth, prompts.has('create') ? 'signUp' : 'login'), request.params);
  }
  // Satisfied by this session: the pages' links must not ask for it again.
  const onward = new URLSearchParams(request.params);
  onward.delete('max_age');

  const selectAccountPage = options.selectAccountPage(auth);
  if (prompts.has('select_account') && selectAccountPage) return page(scope, selectAccountPage, onward);
  if (prompts.has('consent')) return page(scope, options.page(auth, 'consent'), onward);
  // Consent is per organization the grant acts for (better-auth's consent referenceId).
  const referenceId = await grantReference(auth, current, request.scopes);
  if (!request.client.skipConsent) {
    const consent = await findConsent(auth, {
      clientId: request.client.clientId,
      userId: current.user.id,
      referenceId,
    });
    if (!consent || !request.scopes.every((wanted) => consent.scopes.includes(wanted))) {
      if (prompts.has('none')) return refuse('consent_required', 'End-User consent is required');
      return page(scope, options.page(auth, 'consent'), onward);
    }
  }
  const url = await issueAuthorizationCode(auth, options, request, current, referenceId);
  emitEvent(scope, 'oauth-authorized', {
    userId: current.user.id,
    actorUserId: current.user.id,
    detail: { clientId: request.client.clientId, scope: request.scopes.join(' ') },
  });
  return url;
}
