/**
 * @module `createAuth(options)`: resolves the options once, opens the database, and builds the
 * router and the typed api from the core endpoints and those of the enabled plugins. It is generic
 * over the plugins, so `auth.api`, `auth.endpoints` and a client typed from `typeof auth` know
 * their routes, body fields and columns (`auth/auth-types.ts`).
 */
import { createApi } from './auth/api';
import type { AuthApi, AuthEndpoint, AuthErrorCode } from './auth/auth-types';
import { createBackgroundTasks } from './auth/background-tasks';
import type { AuthContext } from './auth/context';
import type { AnyEndpoint } from './endpoint/define-endpoint';
import { createTokenCipher } from './crypto/token-cipher';
import { createAccountStore } from './db/account-store';
import { createProviderAccountStore } from './db/provider-account-store';
import { readColumnKinds } from './db/column-kinds';
import { ColumnValuesPlugin } from './db/column-values-plugin';
import { collectExtraFields } from './db/extra-fields';
import { extendBodies } from './plugin/body-fields';
import { afterSessionsEnded } from './plugin/run-hooks';
import { codesOf, ERRORS } from './endpoint/errors';
import { createDatabase, type DatabaseHandle, type PoolStats } from './db/create-database';
import { migrate, pendingMigrations } from './db/migrate';
import { readDatabaseClock } from './db/database-clock';
import { pendingMigrationSql, type MigrationSql } from './db/migration-sql';
import { coreMigration } from './db/migrations/0001-core';
import { accountIdentityUniqueMigration } from './db/migrations/0002-account-identity-unique';
import { expiryIndexesMigration } from './db/migrations/0004-expiry-indexes';
import { userLanguageMigration } from './db/migrations/0005-user-language';
import { createSessionStore } from './db/session-store';
import { createUserStore } from './db/user-store';
import { createVerificationStore } from './db/verification-store';
import { createFetchHandler, type AuthHandler } from './handler/fetch-handler';
import { createNodeHandler, type NodeHandler } from './handler/node-handler';
import { createRouter } from './handler/router';
import { transportSecurityHeaders } from './handler/strict-transport';
import { CORE_EXPIRING_ROWS } from './maintenance/core-expiring-rows';
import { startPruneJob, type PruneJob } from './maintenance/prune-job';
import { createEventSink, type AuthEvent, type AuthObserver } from './events/observer';
import { registerRouteGroups, type RouteGroup } from './openapi/route-groups';
import type { Plugin } from './plugin/define-plugin';
import { resolveOptions, type AuthOptions, type Logger } from './auth/options';
import { coreEndpoints } from './auth/core-endpoints';
import { createSessionRevocations } from './session/revocations';
import { createBatchedCounts } from './storage/batched-counts';
import { createMemoryStore } from './storage/memory-store';

const consoleLogger: Logger = {
  info: (obj, msg) => console.info(msg ?? '', obj),
  warn: (obj, msg) => console.warn(msg ?? '', obj),
  error: (obj, msg) => console.error(msg ?? '', obj),
};

export interface Auth<P extends readonly Plugin[] = readonly Plugin[]> {
  /** The web-standard handler of every route reachable over HTTP. */
  readonly handler: AuthHandler;
  /** The same routes for node:http: answers are written to the socket without a Request or Response. */
  readonly nodeHandler: NodeHandler;
  /** Every endpoint as a server-side call, by id. */
  readonly api: AuthApi<P>;
  /**
   * The endpoints served, with the plugins' body fields: the value the router and `api` are built
   * from, and the type `createAuthClient<typeof auth>` infers its calls from.
   */
  readonly endpoints: readonly AuthEndpoint<P>[];
  /**
   * Every error code the auth answers, the core's and its plugins': the union a client typed from
   * `typeof auth` gives `error.code`, so comparing it with an unknown code does not compile.
   */
  readonly errorCodes: readonly AuthErrorCode<P>[];
  /** Creates or updates the schema; safe to run on every start. */
  migrate(): Promise<void>;
  /** The migrations `migrate` would run, by name (readiness, `latchkey doctor`, `migrate --dry-run`). */
  pendingMigrations(): Promise<string[]>;
  /** The database server's clock (`latchkey doctor` compares it with this host's); throws when unreachable. */
  databaseTime(): Promise<Date>;
  /** The database pool's occupancy (metrics); undefined for SQLite, which has none. */
  poolStats(): PoolStats | undefined;
  /**
   * The SQL those migrations would send, compiled for this database's dialect and sent nowhere
   * (`latchkey migrate --dry-run`; db/migration-sql.ts says what a recording cannot show).
   */
  pendingMigrationSql(): Promise<MigrationSql[]>;
  /**
   * Stops the prune job (its batch in flight finishes), waits for work still running after its
   * answer, then closes the database pool.
   */
  close(): Promise<void>;
}

/**
 * Each auth's internals, kept off the public `Auth` for the test harnesses alone (`testing.ts`); by
 * handler, which a copy of the auth (a harness's, with more beside it) still holds.
 */
const internals = new WeakMap<AuthHandler, { context: AuthContext; pruneJob: PruneJob }>();

function internalsOf(auth: Pick<Auth, 'handler'>) {
  const found = internals.get(auth.handler);
  if (!found) throw new Error('Latchkey: not an auth createAuth made');
  return found;
}

export const contextOf = (auth: Pick<Auth, 'handler'>): AuthContext => internalsOf(auth).context;
export const pruneJobOf = (auth: Pick<Auth, 'handler'>): PruneJob => internalsOf(auth).pruneJob;

export function createAuth<const P extends readonly Plugin[] = readonly Plugin[]>(options: AuthOptions<P>): Auth<P> {
  const resolved = resolveOptions(options);
  const handle: DatabaseHandle = 'url' in options.database ? createDatabase(options.database.url) : options.database;
  const logger = options.logger ?? consoleLogger;
  // The options' own plugin list: the resolved one keeps only their declarations (plugin/declarations.ts).
  const plugins: readonly Plugin[] = options.plugins ?? [];
  const migrations = [
    coreMigration,
    accountIdentityUniqueMigration,
    expiryIndexesMigration,
    userLanguageMigration,
    ...plugins.flatMap((plugin) => plugin.migrations ?? []),
  ];
  const { dialect } = handle;
  const columnValues = new ColumnValuesPlugin(dialect, readColumnKinds(migrations));
  const db = handle.db.withPlugin(columnValues);
  const fields = collectExtraFields(plugins);
  const now = options.now ?? (() => new Date());
  const revocations = createSessionRevocations(now, resolved.session.cookieCache.maxAge, options.revocationFeed);
  const tokenCipher = createTokenCipher(resolved.encryptionSecrets);
  // Plugins hear events as the options' observers do, with the context (built below, before any event).
  const pluginObservers: AuthObserver[] = plugins.flatMap(({ hooks }) =>
    hooks?.event ? [{ event: (event: AuthEvent) => hooks.event?.(event, context) }] : [],
  );
  const kv = options.storage ?? createMemoryStore();
  const context: AuthContext = Object.freeze({
    options: resolved,
    db,
    dialect,
    users: createUserStore(db, fields.user, revocations),
    // The plugins are told of ended sessions with the context, built by then (no session ends
    // before); without a plugin that listens, the store does not read what it deletes.
    sessions: createSessionStore(
      db,
      fields,
      revocations,
      handle.prepareRead,
      plugins.some((plugin) => plugin.hooks?.afterSessionsEnded)
        ? (ended) => afterSessionsEnded(context, ended)
        : undefined,
    ),
    revocations,
    accounts: createAccountStore(db, dialect),
    providerAccounts: createProviderAccountStore(db, fields.user, tokenCipher),
    tokenCipher,
    verifications: createVerificationStore(db),
    mailer: options.mailer,
    kv,
    rateCounts: createBatchedCounts(kv, () => now().getTime(), logger),
    logger,
    events: createEventSink([...(options.observers ?? []), ...pluginObservers], logger),
    background: createBackgroundTasks(logger),
    fields,
    hooks: plugins.flatMap((plugin) => (plugin.hooks ? [plugin.hooks] : [])),
    now,
  });
  const routeGroups: RouteGroup[] = [
    { name: 'core', endpoints: extendBodies(coreEndpoints, plugins) },
    ...plugins.flatMap((plugin) =>
      plugin.endpoints?.length ? [{ name: plugin.id, endpoints: plugin.endpoints }] : [],
    ),
  ];
  const endpoints: readonly AnyEndpoint[] = Object.freeze(routeGroups.flatMap((group) => group.endpoints));
  registerRouteGroups(context, routeGroups);
  const dispatch = createRouter(context, endpoints);
  const alwaysHeaders = transportSecurityHeaders(resolved.baseURL);
  const pruneJob = startPruneJob({
    db,
    dialect,
    rows: [...CORE_EXPIRING_ROWS, ...plugins.flatMap((plugin) => plugin.expiringRows ?? [])],
    settings: resolved.prune,
    now,
    logger,
    offloadCheckpoints: handle.offloadCheckpoints,
  });
  const auth: Auth<P> = Object.freeze({
    handler: createFetchHandler(dispatch, logger, alwaysHeaders),
    nodeHandler: createNodeHandler(dispatch, logger, alwaysHeaders),
    // Typed by what the plugins declare (auth/auth-types.ts): at run time extendBodies adds exactly those
    // body fields and the stores read exactly those columns, which no inference can follow.
    api: createApi(context, endpoints) as unknown as AuthApi<P>,
    endpoints: endpoints as readonly AuthEndpoint<P>[],
    // What the plugins' `errors` hold, which their types declare.
    errorCodes: codesOf([
      ERRORS,
      ...plugins.flatMap((plugin) => (plugin.errors ? [plugin.errors] : [])),
    ]) as readonly AuthErrorCode<P>[],
    migrate: () => migrate(db, dialect, migrations, logger),
    pendingMigrations: () => pendingMigrations(db, dialect, migrations, logger),
    databaseTime: () => readDatabaseClock(db, dialect),
    poolStats: () => handle.poolStats?.(),
    pendingMigrationSql: () => pendingMigrationSql(db, dialect, migrations, [columnValues], logger),
    close: async () => {
      await context.rateCounts?.close();
      await pruneJob.stop();
      await context.background.drain();
      await db.destroy();
    },
  });
  internals.set(auth.handler, { context, pruneJob });
  return auth;
}
