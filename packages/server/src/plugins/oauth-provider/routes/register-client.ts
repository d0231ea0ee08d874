/**
 * @module POST /oauth2/register: dynamic client registration (RFC 7591), as the server's
 * `dynamicRegistration` allows it: `off` refuses (better-auth's 403 access_denied),
 * `authenticated` takes signed-in users (a 401 Bearer challenge otherwise), `open` takes anyone,
 * under the strict rate limit since each call writes a row. Answers 201 with the RFC 7591 §3.2.1
 * response (the secret shown this once), and refusals in the RFC's shape (§3.2.2). The client
 * belongs to the signed-in user, or to nobody. better-auth has no RFC 7592 management (no
 * registration_access_token), nor do we.
 */
import { z } from 'zod';
import { defineEndpoint, readCurrentSession } from '../../../plugin';
import { clientResponse } from '../clients/client-response';
import { issueClient } from '../clients/issue-client';
import {
  ClientMetadataError,
  clientMetadataSchema,
  restrictedFieldsIn,
  type ClientMetadata,
} from '../clients/metadata';
import { answeringOAuthErrors, OAuthError, oauthJson } from '../oauth-error';
import type { ResolvedOAuthProviderOptions } from '../options';

/** The body's metadata; a field of the wrong type is refused by name (RFC 7591 §3.2.2). */
function parseMetadata(body: Record<string, unknown>): ClientMetadata {
  const parsed = clientMetadataSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? '');
    const error =
      field === 'redirect_uris' || field === 'post_logout_redirect_uris'
        ? 'invalid_redirect_uri'
        : 'invalid_client_metadata';
    throw new ClientMetadataError(error, field, `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
  }
  // What the server's operators decide for a client is not the registrant's to claim (better-auth
  // refuses skip_consent here the same way).
  const restricted = restrictedFieldsIn(parsed.data)[0];
  if (restricted) {
    throw new ClientMetadataError(
      'invalid_client_metadata',
      restricted,
      `${restricted} cannot be set during dynamic client registration`,
    );
  }
  return parsed.data;
}

export function registerClient(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'registerOAuthClient',
    method: 'POST',
    path: '/oauth2/register',
    summary: 'Dynamic client registration (RFC 7591)',
    // RFC 7591 §2: fields the server does not know are ignored; the known ones are parsed by hand,
    // so that a refusal is the RFC's answer rather than the catalogue's.
    body: z.record(z.string(), z.unknown()),
    response: clientResponse,
    rateLimit: 'strict',
    async handler(ctx) {
      const { auth, body, requestCookies, cookies } = ctx;
      return answeringOAuthErrors(async () => {
        if (options.dynamicRegistration === 'off') {
          throw new OAuthError('access_denied', 'Client registration is disabled', 403);
        }
        const current = await readCurrentSession(auth, requestCookies, cookies, { disableCookieCache: true });
        if (!current && options.dynamicRegistration !== 'open') {
          // RFC 6750 §3.1: a request without credentials gets the challenge and no error code.
          return oauthJson({ error_description: 'Authentication required for client registration' }, 401, {
            'www-authenticate': 'Bearer',
          });
        }
        const meta = parseMetadata(body);
        // A machine client registered by nobody would get tokens on its own say-so (better-auth's rule).
        if (!current && meta.grant_types?.includes('client_credentials')) {
          throw new ClientMetadataError(
            'invalid_client_metadata',
            'grant_types',
            'client_credentials grant requires authenticated registration',
          );
        }
        const userId = current?.user.id ?? null;
        return issueClient(ctx, options, meta, { userId, actorUserId: userId, method: 'dynamic-registration' });
      });
    },
  });
}
