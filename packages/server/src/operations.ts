/**
 * @module `@latchkey/server/operations`: what the deployable's maintenance commands use beneath
 * `auth.api` (`latchkey seed` writes rows in bulk; `latchkey import-better-auth` copies rows with
 * their ids and secrets as the engine stores them, db/import-target.ts). The auth's own database handle, so rows are
 * written with the engine's value conversions (dates and booleans as each dialect stores them),
 * its password hashing and its ids. Not for applications: rows written here skip every rule the
 * API enforces.
 */
import type { Kysely } from 'kysely';
import { contextOf, type Auth } from './create-auth';
import type { Dialect } from './db/schema';
import { DEFAULTS } from './auth/options';
import { randomString } from './crypto/random';

export { hashPassword } from './crypto/password';
export { importTargetOf, type ImportTarget, type TokenColumn, type TokenPurpose } from './db/import-target';

/** The auth's database, typed by the caller for the tables it writes. */
export function databaseOf<DB>(auth: Pick<Auth, 'handler'>): { db: Kysely<DB>; dialect: Dialect } {
  const { db, dialect } = contextOf(auth);
  return { db: db as unknown as Kysely<DB>, dialect };
}

/** A new row id, as the engine makes them. */
export function newId(): string {
  return randomString(DEFAULTS.idLength);
}
