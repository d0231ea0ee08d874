/**
 * @module `usernameClient()`: the username plugin's routes (`client.signIn.username`,
 * `client.isUsernameAvailable`); a sign-in refreshes the session as every sign-in does (SPEC §4).
 */
import type { usernamePlugin } from '@latchkey/server';
import { defineClientPlugin, type RouteTableOf } from '../client-plugin';

type UsernameEndpoint = NonNullable<ReturnType<typeof usernamePlugin>['endpoints']>[number];

export function usernameClient() {
  return defineClientPlugin({
    id: 'username',
    routes: {
      signInUsername: { path: '/sign-in/username', method: 'POST' },
      isUsernameAvailable: { path: '/is-username-available', method: 'POST' },
    } satisfies RouteTableOf<UsernameEndpoint>,
    refresh: { signInUsername: ['session'] },
  });
}

export type UsernameClient = ReturnType<typeof usernameClient>;

declare module '../client-plugin' {
  interface ClientPluginRegistry {
    username: UsernameClient;
  }
}
