/**
 * @module GET and POST /oauth2/userinfo (OIDC Core §5.3): the claims of the access token's user
 * that its scopes allow. The token comes as a Bearer header (RFC 6750 §2.1); a missing, inactive
 * or openid-less token is answered with RFC 6750 §3's error and WWW-Authenticate challenge.
 */
import { userInfoResponse } from '../protocol-responses';
import { defineEndpoint, type JsonAnswer, type PluginHost } from '../../../plugin';
import { answeringOAuthErrors, OAuthError, oauthJson } from '../oauth-error';
import type { ResolvedOAuthProviderOptions } from '../options';
import { standardClaims } from '../standard-claims';
import { organizationClaims } from '../organization/claims';
import { activeAccessToken } from '../tokens/active-token';

function bearerError(error: 'invalid_token' | 'insufficient_scope', description: string, status: number): OAuthError {
  const scope = error === 'insufficient_scope' ? ', scope="openid"' : '';
  return new OAuthError(error, description, status, {
    'www-authenticate': `Bearer error="${error}", error_description="${description}"${scope}`,
  });
}

async function userInfo(
  auth: PluginHost,
  options: ResolvedOAuthProviderOptions,
  authorization: string | null,
): Promise<JsonAnswer> {
  const token = /^Bearer +(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token) {
    // RFC 6750 §3.1: a request without credentials gets the bare challenge.
    throw new OAuthError('invalid_token', 'missing access token', 401, { 'www-authenticate': 'Bearer' });
  }
  const active = await activeAccessToken(auth, options, token);
  if (!active?.user) throw bearerError('invalid_token', 'access token is invalid or expired', 401);
  if (!active.scopes.includes('openid')) throw bearerError('insufficient_scope', 'the openid scope is required', 403);
  const organization = await organizationClaims(auth, active.user.id, active.row.referenceId, active.scopes);
  return oauthJson({ ...organization, ...standardClaims(active.user, active.scopes) });
}

export function userInfoEndpoint(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'oauth2UserInfo',
    method: 'GET',
    path: '/oauth2/userinfo',
    summary: 'OpenID Connect UserInfo',
    response: userInfoResponse,
    handler: (ctx) => answeringOAuthErrors(() => userInfo(ctx.auth, options, ctx.headers.get('authorization'))),
  });
}

export function userInfoPostEndpoint(options: ResolvedOAuthProviderOptions) {
  return defineEndpoint({
    id: 'oauth2UserInfoPost',
    method: 'POST',
    path: '/oauth2/userinfo',
    summary: 'OpenID Connect UserInfo (POST)',
    response: userInfoResponse,
    acceptsForm: true,
    handler: (ctx) => answeringOAuthErrors(() => userInfo(ctx.auth, options, ctx.headers.get('authorization'))),
  });
}
