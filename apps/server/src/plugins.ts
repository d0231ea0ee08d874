/**
 * @module The plugins the standalone server enables, in one place: the server and the
 * `create-admin` command must agree on them, since they decide the migrations and the user columns.
 */
import { adminPlugin, usernamePlugin, type Plugin } from '@latchkey/server';
import type { ServerConfig } from './config';

export function serverPlugins(config: Pick<ServerConfig, 'adminEmails'>): Plugin[] {
  return [usernamePlugin(), adminPlugin({ adminEmails: [...config.adminEmails] })];
}
