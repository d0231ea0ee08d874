/**
 * @module POST /oauth2/introspect (RFC 7662): an authenticated client asks whether a token is
 * active. A token of another client, like an unknown, expired or revoked one, is `{active: false}`
 * (§2.2: the answer must not tell them apart); refresh tokens only to their own client.
 */
import { introspectionResponse } from '../protocol-responses';
import { defineEndpoint } from '../../../plugin';
import { authenticateClient } from '../client-auth';
import { fromJsonList } from '../json-list';
import { answeringOAuthErrors, oauthJson } from '../oauth-error';
import type { ResolvedOAuthProviderOptions } from '../options';
import { oauthParamsBody, requiredParam, stringParam } from '../params';
import { activeAccessToken, activeRefreshToken } from '../tokens/active-token';
import { organizationClaims } from '../organization/claims';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function introspectEndpoint(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'oauth2Introspect',
    method: 'POST',
    path: '/oauth2/introspect',
    summary: 'Introspect a token (RFC 7662)',
    response: introspectionResponse,
    body: oauthParamsBody,
    acceptsForm: true,
    // The default tier, as the token endpoint: a resource server introspects on its users' behalf
    // from one address, and the credentials it presents are 256-bit secrets or signatures.
    rateLimit: 'default',
    async handler(ctx) {
      const { auth } = ctx;
      return answeringOAuthErrors(async () => {
        const client = await authenticateClient(ctx, options, ctx.body);
        const token = requiredParam(ctx.body, 'token');
        const hint = stringParam(ctx.body, 'token_type_hint');
        const iss = options.issuer(auth);
        // RFC 7662 §2.1: the hint only orders the lookups; a wrong one still finds the token.
        const order = hint === 'refresh_token' ? (['refresh', 'access'] as const) : (['access', 'refresh'] as const);
        for (const kind of order) {
          if (kind === 'access') {
            // Only the client's own tokens: another's answers inactive (§2.2), as an unknown one.
            const access = await activeAccessToken(auth, options, token, client);
            if (access) {
              const { row } = access;
              const audience = fromJsonList(row.resources);
              // An opaque token tells a resource server what its JWT would have carried.
              const organization = await organizationClaims(auth, row.userId, row.referenceId, access.scopes);
              return oauthJson({
                ...organization,
                active: true,
                scope: access.scopes.join(' '),
                client_id: row.clientId,
                token_type: 'Bearer',
                iss,
                ...(row.userId ? { sub: row.userId } : {}),
                ...(audience.length ? { aud: audience.length === 1 ? audience[0] : audience } : {}),
                ...(row.sessionId ? { sid: row.sessionId } : {}),
                exp: seconds(row.expiresAt),
                iat: seconds(row.createdAt),
              });
            }
          } else {
            const refresh = await activeRefreshToken(auth, token, client.clientId);
            if (refresh) {
              const { row } = refresh;
              return oauthJson({
                active: true,
                scope: refresh.scopes.join(' '),
                client_id: row.clientId,
                token_type: 'refresh_token',
                iss,
                sub: row.userId,
                ...(row.sessionId ? { sid: row.sessionId } : {}),
                exp: seconds(row.expiresAt),
                iat: seconds(row.createdAt),
              });
            }
          }
        }
        return oauthJson({ active: false });
      });
    },
  });
}
