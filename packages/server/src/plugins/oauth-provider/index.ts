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
import { signInContinuation } from './authorization/continuation';
import { oauth2Authorize } from './routes/authorize';
import { oauth2Consent } from './routes/consent';
import { oauth2Continue } from './routes/continue';

export { OAUTH_PROVIDER_DEFAULTS, type OAuthProviderOptions };

export function oauthProviderPlugin(options: OAuthProviderOptions = {}) {
  const resolved = resolveOAuthProviderOptions(options);
  return definePlugin({
    id: 'oauth-provider',
    events: OAUTH_PROVIDER_EVENTS,
    endpoints: [oauth2Authorize(resolved), oauth2Consent(resolved), oauth2Continue(resolved)],
    hooks: { signInContinuation: signInContinuation(resolved) },
    migrations: [oauthProviderMigration],
  });
}
