/**
 * @module The database server's clock, as milliseconds since the epoch: `latchkey doctor` compares
 * it with this host's. Expiry times are written by whichever instance handles a request, so an
 * instance whose clock is off from the others (and from the providers whose id_tokens it checks)
 * ends sessions early or late; the database is the one clock every instance shares.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, Dialect } from './schema';

/**
 * Each dialect's own epoch reading, so no time zone setting of the server or the session can
 * shift it. SQLite's is this process's clock (it runs in it), read the same way for one code path.
 */
const EPOCH_MILLISECONDS: Readonly<Record<Dialect, RawBuilder<{ ms: unknown }>>> = {
  postgres: sql<{ ms: unknown }>`select extract(epoch from clock_timestamp()) * 1000 as ms`,
  mysql: sql<{ ms: unknown }>`select unix_timestamp(now(3)) * 1000 as ms`,
  sqlite: sql<{ ms: unknown }>`select (julianday('now') - 2440587.5) * 86400000.0 as ms`,
};

export async function readDatabaseClock(db: Kysely<Database>, dialect: Dialect): Promise<Date> {
  const { rows } = await EPOCH_MILLISECONDS[dialect].execute(db);
  // pg and mysql2 answer numeric and decimal columns as strings, lest they lose digits.
  const ms = Number(rows[0]?.ms);
  if (!Number.isFinite(ms)) throw new Error('Latchkey: the database answered no time');
  return new Date(Math.round(ms));
}
