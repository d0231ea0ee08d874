/**
 * @module The auth a maintenance command opens on the server's database: the server's plugins
 * (they decide the migrations and the user columns), no prune job, and the engine's log on the
 * command's stderr. Nothing a command does signs a cookie, so it needs no configured secret.
 */
import { randomBytes } from 'node:crypto';
import { createAuth } from '@latchkey/server';
import type { ServerConfig } from '../config';
import { serverPlugins } from '../plugins';
import type { CliIo } from './cli-io';

export function openCommandAuth(config: ServerConfig, io: CliIo, command: string) {
  return createAuth({
    baseURL: config.baseURL,
    secret: randomBytes(32).toString('hex'),
    database: { url: config.databaseUrl },
    logger: {
      info() {},
      warn: (obj, msg) => io.stderr(`latchkey ${command}: ${msg ?? ''} ${JSON.stringify(obj)}`),
      error: (obj, msg) => io.stderr(`latchkey ${command}: ${msg ?? ''} ${JSON.stringify(obj)}`),
    },
    prune: { enabled: false },
    plugins: serverPlugins(config),
  });
}

export type CommandAuth = ReturnType<typeof openCommandAuth>;
