/**
 * @module GET and POST /oauth2/end-session: RP-initiated logout (logout/end-session.ts), its
 * parameters in the query or in a form (or JSON) body, as better-auth takes them.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import { rpInitiatedLogout } from '../logout/end-session';
import type { ResolvedOAuthProviderOptions } from '../options';
import { oauthParamsBody } from '../params';

const parameter = z.string().optional();
// Read by the flow's own rules, whose refusals are the protocol's, not VALIDATION_ERROR.
const query = z
  .object({
    id_token_hint: parameter,
    client_id: parameter,
    post_logout_redirect_uri: parameter,
    state: parameter,
  })
  .catchall(z.string());
const response = ['redirect', z.object({ redirect: z.literal(true), url: z.string() })] as const;

export function oauth2EndSession(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'oauth2EndSession',
    method: 'GET',
    path: '/oauth2/end-session',
    summary: 'OpenID Connect RP-initiated logout',
    query,
    response: [...response],
    handler: ({ auth, headers, clientIp, requestCookies, cookies, query }) =>
      rpInitiatedLogout({ auth, options, method: 'GET', headers, clientIp, requestCookies, cookies }, query),
  });
}

export function oauth2EndSessionPost(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'oauth2EndSessionPost',
    method: 'POST',
    path: '/oauth2/end-session',
    summary: 'OpenID Connect RP-initiated logout (POST)',
    body: oauthParamsBody,
    acceptsForm: true,
    response: [...response],
    handler: ({ auth, headers, clientIp, requestCookies, cookies, body }) =>
      rpInitiatedLogout({ auth, options, method: 'POST', headers, clientIp, requestCookies, cookies }, body),
  });
}
