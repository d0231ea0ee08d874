/**
 * @module Issuing an authorization code: a 256-bit random value of which the row keeps only the
 * digest, bound to everything the token exchange must check again (client, redirect URI, PKCE
 * challenge, scopes, resources) and to the session and grant it came from, for `codeExpiresIn`.
 */
import type { CurrentSession, PluginHost } from '../../../plugin';
import { toJsonList } from '../json-list';
import { digestOf, newOpaqueSecret } from '../opaque-secret';
import type { ResolvedOAuthProviderOptions } from '../options';
import { oauthProviderSchema } from '../schema';
import type { AuthorizationRequest } from './request';

/** The client's redirect URI carrying a new code, `state` and `iss` (RFC 9207). */
export async function issueAuthorizationCode(
  auth: PluginHost,
  options: ResolvedOAuthProviderOptions,
  request: AuthorizationRequest,
  current: CurrentSession,
  referenceId: string | null,
): Promise<string> {
  const code = newOpaqueSecret();
  const now = auth.now();
  await oauthProviderSchema
    .db(auth)
    .insertInto('oauthAuthorizationCode')
    .values({
      id: crypto.randomUUID(),
      code: digestOf(code),
      clientId: request.client.clientId,
      userId: current.user.id,
      sessionId: current.session.id,
      // As the request named it (a loopback port included): the token request must name it alike.
      redirectUri: request.redirectUri,
      scopes: toJsonList(request.scopes),
      codeChallenge: request.codeChallenge,
      nonce: request.nonce,
      resources: request.resources.length ? toJsonList(request.resources) : null,
      // The organization the grant acts for: its tokens, refreshed too, keep acting for it.
      referenceId,
      // OIDC auth_time: when the user last authenticated, which is when this session began.
      authTime: current.session.createdAt,
      grantId: crypto.randomUUID(),
      usedAt: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + options.codeExpiresIn * 1000),
    })
    .execute();
  const url = new URL(request.redirectUri);
  url.searchParams.set('code', code);
  if (request.state !== null) url.searchParams.set('state', request.state);
  url.searchParams.set('iss', options.issuer(auth));
  return url.href;
}
