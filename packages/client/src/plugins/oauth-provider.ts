/**
 * @module `oauthProviderClient()`: the oauth-provider plugin's routes that a browser app calls
 * (`client.oauth2.publicClient`, `consent`, `continue`, the user's consents, and client
 * management for an admin console: `createClient`, `getClient`, `getClients`, `updateClient`,
 * `deleteClient`, `client.rotateSecret`, `admin.oauth2.createClient`, `admin.oauth2.updateClient`, and the console's own
 * `admin.oauth2.listClients`, `getClient`, `rotateClientSecret`, `deleteClient`,
 * `listClientConsents`, `revokeClientConsent`, `listClientTokens`, `revokeClientTokens`), and
 * the device verification page's `device` (look a user code up), `device.approve`, `device.deny`.
 * Unlike better-auth's `oauthProviderClient()`, it adds nothing to requests by itself: a login or
 * consent page passes the signed `oauth_query` of its own address in the call's body, so no call
 * carries it by accident. The protocol endpoints (authorize, token, userinfo…) are for relying
 * parties and their OAuth libraries, not for this client.
 */
import type { oauthProviderPlugin } from '@latchkey/server';
import { defineClientPlugin, type RouteTableOf } from '../client-plugin';

type OAuthProviderEndpoint = NonNullable<ReturnType<typeof oauthProviderPlugin>['endpoints']>[number];

export function oauthProviderClient() {
  return defineClientPlugin({
    id: 'oauth-provider',
    routes: {
      getOAuthClientPublic: { path: '/oauth2/public-client', method: 'GET' },
      oauth2Consent: { path: '/oauth2/consent', method: 'POST' },
      oauth2Continue: { path: '/oauth2/continue', method: 'POST' },
      getOAuthConsents: { path: '/oauth2/get-consents', method: 'GET' },
      getOAuthConsent: { path: '/oauth2/get-consent', method: 'GET' },
      updateOAuthConsent: { path: '/oauth2/update-consent', method: 'POST' },
      deleteOAuthConsent: { path: '/oauth2/delete-consent', method: 'POST' },
      createOAuthClient: { path: '/oauth2/create-client', method: 'POST' },
      getOAuthClient: { path: '/oauth2/get-client', method: 'GET' },
      getOAuthClients: { path: '/oauth2/get-clients', method: 'GET' },
      updateOAuthClient: { path: '/oauth2/update-client', method: 'POST' },
      deleteOAuthClient: { path: '/oauth2/delete-client', method: 'POST' },
      rotateOAuthClientSecret: { path: '/oauth2/client/rotate-secret', method: 'POST' },
      adminCreateOAuthClient: { path: '/admin/oauth2/create-client', method: 'POST' },
      adminUpdateOAuthClient: { path: '/admin/oauth2/update-client', method: 'POST' },
      deviceVerify: { path: '/device', method: 'GET' },
      deviceApprove: { path: '/device/approve', method: 'POST' },
      deviceDeny: { path: '/device/deny', method: 'POST' },
      adminListOAuthClients: { path: '/admin/oauth2/list-clients', method: 'GET' },
      adminGetOAuthClient: { path: '/admin/oauth2/get-client', method: 'GET' },
      adminRotateOAuthClientSecret: { path: '/admin/oauth2/rotate-client-secret', method: 'POST' },
      adminDeleteOAuthClient: { path: '/admin/oauth2/delete-client', method: 'POST' },
      adminListOAuthClientConsents: { path: '/admin/oauth2/list-client-consents', method: 'GET' },
      adminRevokeOAuthClientConsent: { path: '/admin/oauth2/revoke-client-consent', method: 'POST' },
      adminListOAuthClientTokens: { path: '/admin/oauth2/list-client-tokens', method: 'GET' },
      adminRevokeOAuthClientTokens: { path: '/admin/oauth2/revoke-client-tokens', method: 'POST' },
    } satisfies RouteTableOf<OAuthProviderEndpoint>,
  });
}

export type OAuthProviderClient = ReturnType<typeof oauthProviderClient>;

declare module '../client-plugin' {
  interface ClientPluginRegistry {
    oauthProvider: OAuthProviderClient;
  }
}
