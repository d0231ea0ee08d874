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
import { oauthDeviceCodeMigration } from './migrations/0701-oauth-device-code';
import { oauthDeviceCodeReferenceMigration } from './migrations/0702-oauth-device-code-reference';
import { OAUTH_PROVIDER_DEFAULTS, resolveOAuthProviderOptions, type OAuthProviderOptions } from './options';
import { adminCreateClient } from './routes/admin-create-client';
import { adminUpdateClient } from './routes/admin-update-client';
import { adminDeleteClient } from './routes/admin-delete-client';
import { adminGetClient } from './routes/admin-get-client';
import { adminListClientConsents } from './routes/admin-list-client-consents';
import { adminListClientTokens } from './routes/admin-list-client-tokens';
import { adminListClients } from './routes/admin-list-clients';
import { adminRevokeClientConsent } from './routes/admin-revoke-client-consent';
import { adminRevokeClientTokens } from './routes/admin-revoke-client-tokens';
import { adminRotateClientSecret } from './routes/admin-rotate-client-secret';
import { createClient } from './routes/create-client';
import { deleteClient } from './routes/delete-client';
import { getClient } from './routes/get-client';
import { getClients } from './routes/get-clients';
import { getPublicClient } from './routes/public-client';
import { registerClient } from './routes/register-client';
import { rotateClientSecret } from './routes/rotate-client-secret';
import { updateClient } from './routes/update-client';
import { resumeSignInContinuation, signInContinuation } from './authorization/continuation';
import { oauth2Authorize } from './routes/authorize';
import { oauth2Consent } from './routes/consent';
import { oauth2Continue } from './routes/continue';
import { introspectEndpoint } from './routes/introspect';
import { revokeEndpoint } from './routes/revoke';
import { tokenEndpoint } from './routes/token';
import { userInfoEndpoint, userInfoPostEndpoint } from './routes/userinfo';
import { getOAuthServerConfig } from './routes/authorization-server-metadata';
import { deleteOAuthConsent } from './routes/delete-consent';
import { deviceApprove } from './routes/device-approve';
import { deviceCodeEndpoint } from './routes/device-code';
import { deviceDeny } from './routes/device-deny';
import { deviceVerify } from './routes/device-verify';
import { getOAuthConsent } from './routes/get-consent';
import { getOAuthConsents } from './routes/get-consents';
import { getJwks } from './routes/jwks';
import { getOpenIdConfig } from './routes/openid-configuration';
import { updateOAuthConsent } from './routes/update-consent';
import { oauth2EndSession, oauth2EndSessionPost } from './routes/end-session';
import { endSessionsAccess } from './logout/backchannel-logout';
import { revokeBannedUserTokens } from './logout/banned-user';
import { deleteOrganizationClients } from './organization/deleted-organization';
import { OAUTH_PROVIDER_EXPIRING_ROWS } from './schema';

export { OAUTH_PROVIDER_DEFAULTS, OAUTH_PROVIDER_ERRORS, type OAuthProviderOptions };
export {
  oauthProtectedResourceMetadata,
  type ProtectedResourceMetadata,
  type ProtectedResourceMetadataInput,
} from './protected-resource-metadata';

export function oauthProviderPlugin(options: OAuthProviderOptions = {}) {
  const resolved = resolveOAuthProviderOptions(options);
  return definePlugin({
    id: 'oauth-provider',
    errors: OAUTH_PROVIDER_ERRORS,
    events: OAUTH_PROVIDER_EVENTS,
    endpoints: [
      createClient(resolved),
      getClient(resolved),
      getClients(resolved),
      getPublicClient(),
      updateClient(resolved),
      deleteClient(resolved),
      rotateClientSecret(resolved),
      registerClient(resolved),
      adminCreateClient(resolved),
      adminUpdateClient(resolved),
      adminListClients(),
      adminGetClient(),
      adminRotateClientSecret(),
      adminDeleteClient(),
      adminListClientConsents(),
      adminRevokeClientConsent(),
      adminListClientTokens(),
      adminRevokeClientTokens(),
      oauth2Authorize(resolved),
      oauth2Consent(resolved),
      oauth2Continue(resolved),
      tokenEndpoint(resolved),
      userInfoEndpoint(resolved),
      userInfoPostEndpoint(resolved),
      introspectEndpoint(resolved),
      revokeEndpoint(resolved),
      getJwks(resolved),
      getOpenIdConfig(resolved),
      getOAuthServerConfig(resolved),
      getOAuthConsents(),
      getOAuthConsent(),
      updateOAuthConsent(resolved),
      deleteOAuthConsent(),
      deviceCodeEndpoint(resolved),
      deviceVerify(),
      deviceApprove(),
      deviceDeny(),
      oauth2EndSession(resolved),
      oauth2EndSessionPost(resolved),
    ],
    hooks: {
      signInContinuation: signInContinuation(resolved),
      resumeSignInContinuation: resumeSignInContinuation(resolved),
      afterSessionsEnded: endSessionsAccess(resolved),
      event: (event, auth) => {
        revokeBannedUserTokens(event, auth);
        deleteOrganizationClients(event, auth);
      },
    },
    migrations: [oauthProviderMigration, oauthDeviceCodeMigration, oauthDeviceCodeReferenceMigration],
    expiringRows: OAUTH_PROVIDER_EXPIRING_ROWS,
  });
}
