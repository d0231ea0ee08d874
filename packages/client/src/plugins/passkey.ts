/**
 * @module `passkeyClient()`: the passkey plugin's routes (`client.passkey.generateRegisterOptions`,
 * `verifyRegistration`, `generateAuthenticateOptions`, `verifyAuthentication`, `listUserPasskeys`,
 * `updatePasskey`, `deletePasskey`). The WebAuthn ceremony itself (navigator.credentials) is the
 * caller's, e.g. with @simplewebauthn/browser: this client only carries the JSON both ways. A passkey
 * sign-in creates a session, so it makes the session stale (SPEC §4).
 */
import type { passkeyPlugin } from '@latchkey/server';
import { defineClientPlugin, type RouteTableOf } from '../client-plugin';

type PasskeyEndpoint = NonNullable<ReturnType<typeof passkeyPlugin>['endpoints']>[number];

export function passkeyClient() {
  return defineClientPlugin({
    id: 'passkey',
    routes: {
      generatePasskeyRegistrationOptions: { path: '/passkey/generate-register-options', method: 'GET' },
      verifyPasskeyRegistration: { path: '/passkey/verify-registration', method: 'POST' },
      // The GET of the two (the POST twin is for clients that ask so): one method per path.
      generatePasskeyAuthenticationOptions: { path: '/passkey/generate-authenticate-options', method: 'GET' },
      verifyPasskeyAuthentication: { path: '/passkey/verify-authentication', method: 'POST' },
      listPasskeys: { path: '/passkey/list-user-passkeys', method: 'GET' },
      updatePasskey: { path: '/passkey/update-passkey', method: 'POST' },
      deletePasskey: { path: '/passkey/delete-passkey', method: 'POST' },
      // The admin console's: another user's passkeys.
      adminListUserPasskeys: { path: '/admin/list-user-passkeys', method: 'POST' },
      adminRemoveUserPasskey: { path: '/admin/remove-user-passkey', method: 'POST' },
    } satisfies RouteTableOf<PasskeyEndpoint>,
    refresh: { verifyPasskeyAuthentication: ['session'] },
  });
}

export type PasskeyClient = ReturnType<typeof passkeyClient>;

declare module '../client-plugin' {
  interface ClientPluginRegistry {
    passkey: PasskeyClient;
  }
}
