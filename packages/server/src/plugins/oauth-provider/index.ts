/**
 * @module The oauth-provider plugin: Latchkey as an OAuth 2.1 authorization server and OpenID
 * Provider for other applications, on the wire of `@better-auth/oauth-provider` 1.7 (routes under
 * `/oauth2/*`, the signed `oauth_query` the login and consent pages carry) and the RFCs it follows.
 * Written on jose rather than panva's oidc-provider: docs/decisions.md ("OAuth provider") says why.
 * It uses the engine only through the contract (`src/plugin`).
 */
import { definePlugin } from '../../plugin';
import { OAUTH_PROVIDER_EVENTS } from './events';
import { oauthProviderMigration } from './migrations/0700-oauth-provider';
import { OAUTH_PROVIDER_DEFAULTS, resolveOAuthProviderOptions, type OAuthProviderOptions } from './options';
import { introspectEndpoint } from './routes/introspect';
import { revokeEndpoint } from './routes/revoke';
import { tokenEndpoint } from './routes/token';
import { userInfoEndpoint, userInfoPostEndpoint } from './routes/userinfo';

export { OAUTH_PROVIDER_DEFAULTS, type OAuthProviderOptions };

export function oauthProviderPlugin(options: OAuthProviderOptions = {}) {
  const resolved = resolveOAuthProviderOptions(options);
  return definePlugin({
    id: 'oauth-provider',
    events: OAUTH_PROVIDER_EVENTS,
    endpoints: [
      tokenEndpoint(resolved),
      userInfoEndpoint(resolved),
      userInfoPostEndpoint(resolved),
      introspectEndpoint(resolved),
      revokeEndpoint(resolved),
    ],
    migrations: [oauthProviderMigration],
  });
}
