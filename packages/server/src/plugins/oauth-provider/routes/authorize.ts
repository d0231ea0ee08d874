/**
 * @module GET /oauth2/authorize: the authorization endpoint (RFC 6749 §3.1, OAuth 2.1 §4.1.1). A
 * navigation is answered with a 302 to the login or consent page, the client's redirect URI, or the
 * error page; a script's fetch with `{redirect: true, url}` (authorization/answer.ts).
 */
import { z } from 'zod';
import { defineEndpoint, readCurrentSession } from '../../../plugin';
import { answerRedirect } from '../authorization/answer';
import { authorize } from '../authorization/authorize';
import type { ResolvedOAuthProviderOptions } from '../options';

const parameter = z.string().optional();
// Checked by the request's own rules (authorization/request.ts), whose refusals go to the client or
// the error page, not as VALIDATION_ERROR; named here for the API description. Every parameter,
// known or not, is kept: all of them are signed into the pages' links, as better-auth signs them.
const query = z
  .object({
    response_type: parameter,
    client_id: parameter,
    redirect_uri: parameter,
    scope: parameter,
    state: parameter,
    code_challenge: parameter,
    code_challenge_method: parameter,
    nonce: parameter,
    prompt: parameter,
    max_age: parameter,
    // RFC 8707 §2: repeatable, one per resource; the engine keeps every value of a list field.
    resource: z.union([z.string(), z.array(z.string())]).optional(),
    login_hint: parameter,
  })
  .catchall(z.string());

export function oauth2Authorize(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'oauth2Authorize',
    method: 'GET',
    path: '/oauth2/authorize',
    summary: 'OAuth 2.0 authorization endpoint',
    query,
    response: ['redirect', z.object({ redirect: z.literal(true), url: z.string() })],
    async handler({ auth, query, headers, clientIp, requestCookies, cookies }) {
      // Issuing a code is a state change: a session revoked a moment ago must not pass on a stale cache.
      const current = await readCurrentSession(auth, requestCookies, cookies, { disableCookieCache: true });
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) {
        for (const one of typeof value === 'string' ? [value] : (value ?? [])) params.append(name, one);
      }
      const url = await authorize({ auth, options, headers, clientIp }, params, current);
      return answerRedirect(headers, url);
    },
  });
}
