/**
 * @module `createAuth(options)`: resolves the options once, opens the database, and builds the
 * router and the typed api from the core endpoints and those of the enabled plugins.
 */
import { createApi } from './api';
import { createBackgroundTasks } from './background-tasks';
import type { AuthContext } from './context';
import type { AnyEndpoint, Api } from './endpoint';
import { createAccountStore } from './db/account-store';
import { collectExtraFields } from './db/extra-fields';
import { extendBodies } from './extend-bodies';
import { createDatabase, type DatabaseHandle } from './db/create-database';
import { migrate } from './db/migrate';
import { coreMigration } from './db/migrations/0001-core';
import { createSessionStore } from './db/session-store';
import { createUserStore } from './db/user-store';
import { createVerificationStore } from './db/verification-store';
import { createRouter, type AuthHandler } from './http/router';
import { resolveOptions, type AuthOptions, type Logger } from './options';
import { coreEndpoints } from './routes';
import { createMemoryStore } from './storage/memory-store';

const consoleLogger: Logger = {
  info: (obj, msg) => console.info(msg ?? '', obj),
  warn: (obj, msg) => console.warn(msg ?? '', obj),
  error: (obj, msg) => console.error(msg ?? '', obj),
};

export function createAuth(options: AuthOptions) {
  const resolved = resolveOptions(options);
  const { db, dialect }: DatabaseHandle = 'url' in options.database ? createDatabase(options.database.url) : options.database;
  const logger = options.logger ?? consoleLogger;
  const fields = collectExtraFields(resolved.plugins);
  const context: AuthContext = Object.freeze({
    options: resolved,
    db,
    dialect,
    users: createUserStore(db, fields.user),
    sessions: createSessionStore(db, fields),
    accounts: createAccountStore(db, dialect),
    verifications: createVerificationStore(db),
    mailer: options.mailer,
    kv: options.storage ?? createMemoryStore(),
    logger,
    background: createBackgroundTasks(logger),
    fields,
    hooks: resolved.plugins.flatMap((plugin) => (plugin.hooks ? [plugin.hooks] : [])),
    now: options.now ?? (() => new Date()),
  });
  const endpoints = [...extendBodies(coreEndpoints, resolved.plugins), ...resolved.plugins.flatMap((plugin) => plugin.endpoints ?? [])];
  const migrations = [coreMigration, ...resolved.plugins.flatMap((plugin) => plugin.migrations ?? [])];

  const handler: AuthHandler = createRouter(context, endpoints);
  return {
    handler,
    // Typed for the core endpoints; plugin endpoints are callable by id as well.
    api: createApi(context, endpoints) as Api<typeof coreEndpoints> & Api<AnyEndpoint[]>,
    /** Creates or updates the schema; safe to run on every start. */
    migrate: () => migrate(db, dialect, migrations),
    /** Waits for work still running after its answer, then closes the database pool. */
    close: async () => {
      await context.background.drain();
      await db.destroy();
    },
    context,
  };
}

export type Auth = ReturnType<typeof createAuth>;
