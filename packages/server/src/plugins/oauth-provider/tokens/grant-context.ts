/**
 * @module What every grant handler is given: the host, the options, the authenticated client and
 * the request's parameters; and the one rule of which grants a client may use.
 */
import type { EventOrigin, PluginHost } from '../../../plugin';
import type { GrantType, OAuthClient } from '../clients/client';
import { OAuthError } from '../oauth-error';
import type { ResolvedOAuthProviderOptions } from '../options';
import type { OAuthParams } from '../params';

export interface GrantContext {
  readonly auth: PluginHost;
  readonly options: ResolvedOAuthProviderOptions;
  readonly client: OAuthClient;
  readonly params: OAuthParams;
  /** The request, for events. */
  readonly origin: EventOrigin;
}

/**
 * RFC 6749 §5.2 `unauthorized_client`: a client uses only the grants it registered. As in
 * better-auth, `authorization_code` implies `refresh_token` (refresh tokens come only from it).
 */
export function requireGrantType(client: OAuthClient, grantType: GrantType): void {
  const allowed =
    client.grantTypes.includes(grantType) ||
    (grantType === 'refresh_token' && client.grantTypes.includes('authorization_code'));
  if (!allowed) throw new OAuthError('unauthorized_client', `client is not allowed the ${grantType} grant`);
}
