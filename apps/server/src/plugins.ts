/**
 * @module The plugins the standalone server enables, in one place: the server and the
 * `create-admin` command must agree on them, since they decide the migrations and the user columns.
 */
import { adminPlugin, organizationPlugin, usernamePlugin, type Plugin } from '@latchkey/server';
import type { ServerConfig } from './config';

export function serverPlugins(config: Pick<ServerConfig, 'adminEmails'>): Plugin[] {
  return [
    usernamePlugin(),
    adminPlugin({ adminEmails: [...config.adminEmails] }),
    // Teams on: the web app manages them, and better-auth clients with teams expect the routes.
    organizationPlugin({ teams: { enabled: true } }),
  ];
}
