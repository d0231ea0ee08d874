/**
 * @module The plugins the standalone server enables, in one place: the server and the
 * `create-admin` command must agree on them, since they decide the migrations and the user columns.
 * Their precise types make `StandaloneAuth` (index.ts), which the web app's client is typed from.
 */
import { adminPlugin, organizationPlugin, usernamePlugin } from '@latchkey/server';
import type { ServerConfig } from './config';

export function serverPlugins(config: Pick<ServerConfig, 'adminEmails'>) {
  return [
    usernamePlugin(),
    adminPlugin({ adminEmails: [...config.adminEmails] }),
    // Teams on: the web app manages them, and better-auth clients with teams expect the routes.
    organizationPlugin({ teams: { enabled: true } }),
  ] as const;
}

/** The standalone server's plugins, as types. */
export type ServerPlugins = ReturnType<typeof serverPlugins>;
