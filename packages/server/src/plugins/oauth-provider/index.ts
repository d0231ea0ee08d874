/**
 * @module The oauth-provider plugin: Latchkey as an OAuth 2.1 authorization server and OpenID
 * Provider for other applications, on the wire of `@better-auth/oauth-provider` 1.7 (routes under
 * `/oauth2/*`, the signed `oauth_query` the login and consent pages carry) and the RFCs it follows.
 * Written on jose rather than panva's oidc-provider: docs/decisions.md ("OAuth provider") says why.
 * It uses the engine only through the contract (`src/plugin`).
 */
import { definePlugin } from '../../plugin';
import { OAUTH_PROVIDER_ERRORS } from './errors';
import { OAUTH_PROVIDER_EVENTS } from './events';
import { oauthProviderMigration } from './migrations/0700-oauth-provider';
import { OAUTH_PROVIDER_DEFAULTS, resolveOAuthProviderOptions, type OAuthProviderOptions } from './options';
import { getOAuthServerConfig } from './routes/authorization-server-metadata';
import { deleteOAuthConsent } from './routes/delete-consent';
import { getOAuthConsent } from './routes/get-consent';
import { getOAuthConsents } from './routes/get-consents';
import { getJwks } from './routes/jwks';
import { getOpenIdConfig } from './routes/openid-configuration';
import { updateOAuthConsent } from './routes/update-consent';
import { OAUTH_PROVIDER_EXPIRING_ROWS } from './schema';

export { OAUTH_PROVIDER_DEFAULTS, OAUTH_PROVIDER_ERRORS, type OAuthProviderOptions };

export function oauthProviderPlugin(options: OAuthProviderOptions = {}) {
  const resolved = resolveOAuthProviderOptions(options);
  return definePlugin({
    id: 'oauth-provider',
    errors: OAUTH_PROVIDER_ERRORS,
    events: OAUTH_PROVIDER_EVENTS,
    endpoints: [
      getJwks(resolved),
      getOpenIdConfig(resolved),
      getOAuthServerConfig(resolved),
      getOAuthConsents(),
      getOAuthConsent(),
      updateOAuthConsent(resolved),
      deleteOAuthConsent(),
    ],
    migrations: [oauthProviderMigration],
    expiringRows: OAUTH_PROVIDER_EXPIRING_ROWS,
  });
}
