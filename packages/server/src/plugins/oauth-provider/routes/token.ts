/**
 * @module POST /oauth2/token (RFC 6749 §3.2, §5): the client authenticates, then exchanges a
 * grant — an authorization code, a refresh token, its own credentials, or an approved device code
 * (RFC 8628) — for tokens. Takes a
 * form (the RFC's encoding) or JSON; answers RFC 6749 §5.1/§5.2 JSON, never cached.
 */
import { tokenResponse } from '../protocol-responses';
import { defineEndpoint, emitEvent } from '../../../plugin';
import { authenticateClient } from '../client-auth';
import { answeringOAuthErrors, OAuthError, oauthJson } from '../oauth-error';
import type { ResolvedOAuthProviderOptions } from '../options';
import { oauthParamsWithResourcesBody, requiredParam } from '../params';
import { exchangeAuthorizationCode } from '../tokens/authorization-code-grant';
import { exchangeClientCredentials } from '../tokens/client-credentials-grant';
import { DEVICE_CODE_GRANT, exchangeDeviceCode } from '../tokens/device-code-grant';
import type { GrantContext } from '../tokens/grant-context';
import type { PreparedTokens } from '../tokens/issue';
import { exchangeRefreshToken } from '../tokens/refresh-token-grant';

const GRANTS: Readonly<Record<string, (grant: GrantContext) => Promise<PreparedTokens>>> = {
  authorization_code: exchangeAuthorizationCode,
  refresh_token: exchangeRefreshToken,
  client_credentials: exchangeClientCredentials,
  [DEVICE_CODE_GRANT]: exchangeDeviceCode,
};

export function tokenEndpoint(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'oauth2Token',
    method: 'POST',
    path: '/oauth2/token',
    summary: 'OAuth 2.0 token endpoint',
    response: tokenResponse,
    body: oauthParamsWithResourcesBody,
    acceptsForm: true,
    // The default tier: a confidential client behind one address refreshes often, and every
    // credential it presents is a 256-bit secret or a signature, not something to guess.
    rateLimit: 'default',
    async handler(ctx) {
      const origin = { auth: ctx.auth, headers: ctx.headers, clientIp: ctx.clientIp };
      let grantType: string | undefined;
      let clientId: string | undefined;
      return answeringOAuthErrors(async () => {
        try {
          grantType = requiredParam(ctx.body, 'grant_type');
          const exchange = Object.hasOwn(GRANTS, grantType) ? GRANTS[grantType] : undefined;
          if (!exchange) throw new OAuthError('unsupported_grant_type', `unsupported grant_type ${grantType}`);
          const client = await authenticateClient(ctx, options, ctx.body);
          clientId = client.clientId;
          const { answer, access } = await exchange({ auth: ctx.auth, options, client, params: ctx.body, origin });
          emitEvent(origin, 'oauth-token-issued', {
            method: grantType,
            userId: access.userId,
            detail: { clientId, scope: answer.scope },
          });
          return oauthJson(answer);
        } catch (error) {
          if (error instanceof OAuthError) {
            emitEvent(origin, 'oauth-token-refused', {
              outcome: 'failure',
              ...(grantType ? { method: grantType } : {}),
              detail: { error: error.error, ...(clientId ? { clientId } : {}) },
            });
          }
          throw error;
        }
      });
    },
  });
}
