/**
 * @module `adminClient()`: the admin plugin's routes (`client.admin.*`); impersonating and
 * stopping change who is signed in, so they refresh the session (SPEC §4).
 */
import type { adminPlugin } from '@latchkey/server';
import { defineClientPlugin, type RouteTableOf } from '../client-plugin';

type AdminEndpoint = NonNullable<ReturnType<typeof adminPlugin>['endpoints']>[number];

export function adminClient() {
  return defineClientPlugin({
    id: 'admin',
    routes: {
      setRole: { path: '/admin/set-role', method: 'POST' },
      createUser: { path: '/admin/create-user', method: 'POST' },
      listUsers: { path: '/admin/list-users', method: 'GET' },
      // A download: the web app links to it so the browser streams the file itself.
      exportUsersCsv: { path: '/admin/export-users.csv', method: 'GET' },
      getUser: { path: '/admin/get-user', method: 'GET' },
      adminUpdateUser: { path: '/admin/update-user', method: 'POST' },
      removeUser: { path: '/admin/remove-user', method: 'POST' },
      setUserPassword: { path: '/admin/set-user-password', method: 'POST' },
      userHasPermission: { path: '/admin/has-permission', method: 'POST' },
      listUserSessions: { path: '/admin/list-user-sessions', method: 'POST' },
      adminListUserAccounts: { path: '/admin/list-user-accounts', method: 'POST' },
      adminSendVerificationEmail: { path: '/admin/send-verification-email', method: 'POST' },
      revokeUserSession: { path: '/admin/revoke-user-session', method: 'POST' },
      revokeUserSessions: { path: '/admin/revoke-user-sessions', method: 'POST' },
      banUser: { path: '/admin/ban-user', method: 'POST' },
      unbanUser: { path: '/admin/unban-user', method: 'POST' },
      impersonateUser: { path: '/admin/impersonate-user', method: 'POST' },
      stopImpersonating: { path: '/admin/stop-impersonating', method: 'POST' },
    } satisfies RouteTableOf<AdminEndpoint>,
    refresh: { impersonateUser: ['session'], stopImpersonating: ['session'] },
  });
}

export type AdminClient = ReturnType<typeof adminClient>;

declare module '../client-plugin' {
  interface ClientPluginRegistry {
    admin: AdminClient;
  }
}
