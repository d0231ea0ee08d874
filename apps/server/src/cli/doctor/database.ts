/**
 * @module The doctor's database checks: the database answers, every migration the server's engine
 * and plugins declare has been applied, and this host's clock agrees with the database's. The
 * auth is built as the server builds it (its plugins decide the migrations) but never migrates:
 * a doctor only looks. A SQLite file that does not exist is reported, not created.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createAuth, type Auth } from '@latchkey/server';
import type { ServerConfig } from '../../config';
import { serverPlugins } from '../../plugins';
import { MAX_CLOCK_SKEW_MS, describeError, fail, ok, redactURL, withTimeout, type CheckResult } from './check';

const MIGRATE_FIX = 'run `latchkey migrate` (the server also migrates when it starts)';

/** `now` is this host's clock; a test gives one that is off. */
export async function checkDatabase(config: ServerConfig, now: () => number = Date.now): Promise<CheckResult[]> {
  const where = describeDatabase(config);
  if (config.dialect === 'sqlite' && config.databaseUrl !== ':memory:' && !existsSync(config.databaseUrl)) {
    return [fail('database', `${where} does not exist`, `${MIGRATE_FIX}, or point DATABASE_URL at the database`)];
  }
  const auth = createAuth({
    baseURL: config.baseURL,
    // Nothing is signed: the doctor starts no session, so it needs no configured secret.
    secret: randomBytes(32).toString('hex'),
    database: { url: config.databaseUrl },
    logger: { info() {}, warn() {}, error() {} },
    prune: { enabled: false },
    plugins: serverPlugins(config),
  });
  try {
    let pending: string[];
    try {
      pending = await withTimeout(auth.pendingMigrations());
    } catch (error) {
      return [
        fail(
          'database',
          `${where} cannot be reached: ${describeError(error)}`,
          'check DATABASE_URL, and that the database server is running and lets this host in',
        ),
      ];
    }
    return [
      ok('database', `${where} answers`),
      pending.length === 0
        ? ok('migrations', 'all applied')
        : fail('migrations', `${pending.length} not applied (${pending.join(', ')})`, MIGRATE_FIX),
      await checkClock(auth, config, now),
    ];
  } finally {
    // A pool still connecting ends within the engine's connect timeout; the doctor waits no longer.
    await withTimeout(auth.close()).catch(() => undefined);
  }
}

function describeDatabase(config: Pick<ServerConfig, 'dialect' | 'databaseUrl'>): string {
  if (config.dialect === 'sqlite') return `the SQLite file ${config.databaseUrl}`;
  const name = config.dialect === 'postgres' ? 'PostgreSQL' : 'MySQL';
  return `${name} at ${redactURL(config.databaseUrl)}`;
}

/**
 * The database's time read between two readings of this host's: the skew is measured from the
 * midpoint, and only what exceeds half the round trip counts against the limit.
 */
async function checkClock(auth: Auth, config: Pick<ServerConfig, 'dialect'>, now: () => number): Promise<CheckResult> {
  // SQLite runs inside this process: its time is this host's, so there is nothing to compare.
  if (config.dialect === 'sqlite') return ok('clock', "SQLite keeps time by this host's clock: no skew possible");
  let databaseTime: Date;
  const before = now();
  try {
    databaseTime = await withTimeout(auth.databaseTime());
  } catch (error) {
    return fail('clock', `the database's time cannot be read: ${describeError(error)}`, 'see the database line above');
  }
  const after = now();
  const skew = databaseTime.getTime() - (before + after) / 2;
  const seconds = (Math.abs(skew) / 1000).toFixed(1);
  if (Math.abs(skew) - (after - before) / 2 <= MAX_CLOCK_SKEW_MS) {
    return ok('clock', `within ${seconds} s of the database's (limit ${MAX_CLOCK_SKEW_MS / 1000} s)`);
  }
  return fail(
    'clock',
    `this host's clock is ${seconds} s ${skew > 0 ? 'behind' : 'ahead of'} the database's (limit ${MAX_CLOCK_SKEW_MS / 1000} s)`,
    'synchronise the clocks of this host and the database server with NTP (chrony, systemd-timesyncd)',
  );
}
