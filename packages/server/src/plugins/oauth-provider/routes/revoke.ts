/**
 * @module POST /oauth2/revoke (RFC 7009): an authenticated client revokes one of its tokens. A
 * refresh token takes down its whole grant, access tokens included (§2.1); an access token goes
 * alone. Unknown tokens, and other clients' tokens (left untouched), are answered 200 all the
 * same (§2.2): the answer tells the caller nothing about tokens it does not hold.
 */
import { revocationResponse } from '../protocol-responses';
import { defineEndpoint, emitEvent } from '../../../plugin';
import { authenticateClient } from '../client-auth';
import { answeringOAuthErrors } from '../oauth-error';
import { digestOf } from '../opaque-secret';
import type { ResolvedOAuthProviderOptions } from '../options';
import { oauthParamsBody, requiredParam, stringParam } from '../params';
import { activeAccessToken } from '../tokens/active-token';
import { findRefreshToken, revokeAccessToken, revokeGrant } from '../tokens/store';

export function revokeEndpoint(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'oauth2Revoke',
    method: 'POST',
    path: '/oauth2/revoke',
    summary: 'Revoke a token (RFC 7009)',
    response: revocationResponse,
    body: oauthParamsBody,
    acceptsForm: true,
    async handler(ctx) {
      const { auth } = ctx;
      return answeringOAuthErrors(async () => {
        const client = await authenticateClient(ctx, options, ctx.body);
        const token = requiredParam(ctx.body, 'token');
        const hint = stringParam(ctx.body, 'token_type_hint');
        const origin = { auth, headers: ctx.headers, clientIp: ctx.clientIp };
        const revoked = (kind: string, userId: string | null, grantId: string) =>
          emitEvent(origin, 'oauth-token-revoked', {
            userId,
            method: kind,
            detail: { clientId: client.clientId, grantId },
          });

        const revokeRefresh = async () => {
          const refresh = await findRefreshToken(auth, digestOf(token));
          if (!refresh || refresh.clientId !== client.clientId) return false;
          await revokeGrant(auth, refresh.grantId);
          revoked('refresh_token', refresh.userId, refresh.grantId);
          return true;
        };
        const revokeAccess = async () => {
          const access = await activeAccessToken(auth, options, token);
          if (!access || access.row.clientId !== client.clientId) return false;
          await revokeAccessToken(auth, access.row.id);
          revoked('access_token', access.row.userId, access.row.grantId);
          return true;
        };
        // The hint orders the lookups (RFC 7009 §2.1); the other kind is still tried.
        const [first, second] = hint === 'access_token' ? [revokeAccess, revokeRefresh] : [revokeRefresh, revokeAccess];
        if (!(await first())) await second();
        return new Response(null, { status: 200, headers: { 'cache-control': 'no-store', pragma: 'no-cache' } });
      });
    },
  });
}
