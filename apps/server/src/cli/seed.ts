/**
 * @module `latchkey seed --users N [--orgs M]`: fills the configured database for demos and
 * benchmarks. Rows go in as multi-row INSERTs, a thousand per statement and ten statements per
 * transaction, through the engine's own database handle (its value conversions per dialect); the
 * password is hashed once (Argon2id, as sign-up would) and shared by every seeded user, since N
 * hashes would take N × tens of milliseconds. Seeded users follow seed-rows.ts's pattern; a later
 * run goes on from the largest number already there.
 */
import { sql, type Kysely } from 'kysely';
import { databaseOf, hashPassword, newId } from '@latchkey/server/operations';
import { loadConfig } from '../config';
import type { CliIo } from './cli-io';
import { openCommandAuth } from './command-auth';
import { describeFailure } from './command-failure';
import { startProgress, type Progress } from './progress';
import {
  SEED_EMAIL_PREFIX,
  SEED_PASSWORD,
  SEED_SLUG_PREFIX,
  seedEmail,
  seedNumber,
  seedOrganizationNumber,
  seedOrganizationRows,
  seedUserRows,
  type SeedOrganizationRows,
  type SeedUserRows,
} from './seed-rows';

export interface SeedOptions {
  users: number;
  orgs: number;
}

/**
 * Rows per INSERT: 7 columns × 1,000 stays under every dialect's limit of bound parameters
 * (SQLite's 32,766 is the lowest); organizations bring five memberships each.
 */
const USERS_PER_STATEMENT = 1_000;
const ORGANIZATIONS_PER_STATEMENT = 200;
/** Statements per transaction: a commit per statement would cost SQLite a WAL sync each. */
const STATEMENTS_PER_TRANSACTION = 10;

interface SeedDatabase {
  user: SeedUserRows['users'][number];
  account: SeedUserRows['accounts'][number];
  organization: SeedOrganizationRows['organizations'][number];
  member: SeedOrganizationRows['members'][number];
  team: SeedOrganizationRows['teams'][number];
  teamMember: SeedOrganizationRows['teamMembers'][number];
}

export async function runSeed(options: SeedOptions, io: CliIo): Promise<number> {
  let auth: ReturnType<typeof openCommandAuth> | undefined;
  try {
    const config = loadConfig(io.env, io.cwd);
    auth = openCommandAuth(config, io, 'seed');
    await auth.migrate();
    const { db } = databaseOf<SeedDatabase>(auth);
    const started = performance.now();
    const passwordHash = await hashPassword(SEED_PASSWORD);
    const firstUser = (await largestSeeded(db, 'user', 'email', SEED_EMAIL_PREFIX, seedNumber)) + 1;
    const firstOrganization =
      (await largestSeeded(db, 'organization', 'slug', SEED_SLUG_PREFIX, seedOrganizationNumber)) + 1;
    const progress = await startProgress({
      format: 'Seeding [{bar}] {percentage}% | {value}/{total} | {eta_formatted} left',
      total: options.users + options.orgs,
    });
    try {
      const userIds = await insertUsers(db, { from: firstUser, to: firstUser + options.users }, passwordHash, progress);
      await insertOrganizations(
        db,
        { from: firstOrganization, to: firstOrganization + options.orgs },
        userIds,
        progress,
      );
    } finally {
      progress.stop();
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const lastUser = firstUser + options.users - 1;
    io.stdout(
      `Seeded ${options.users} users (${seedEmail(firstUser)} to ${seedEmail(lastUser)}, password "${SEED_PASSWORD}")` +
        (options.orgs > 0
          ? ` and ${options.orgs} organizations (${SEED_SLUG_PREFIX}${firstOrganization} to ${SEED_SLUG_PREFIX}${firstOrganization + options.orgs - 1})`
          : '') +
        ` in ${seconds} s`,
    );
    return 0;
  } catch (error) {
    io.stderr(`latchkey seed: ${describeFailure(error)}`);
    return 1;
  } finally {
    await auth?.close();
  }
}

/**
 * The largest <n> already seeded, or 0. Read in full rather than sorted in SQL: an address that
 * only starts like a seeded one (seed-user-ann@…) must not hide the largest number.
 */
async function largestSeeded(
  db: Kysely<SeedDatabase>,
  table: 'user' | 'organization',
  column: 'email' | 'slug',
  prefix: string,
  numberOf: (value: string) => number | undefined,
): Promise<number> {
  const rows = await db
    .selectFrom(table)
    .select(sql<string>`${sql.ref(column)}`.as('value'))
    .where(sql.ref(column), 'like', `${prefix}%`)
    .execute();
  return rows.reduce((largest, row) => Math.max(largest, numberOf(row.value) ?? 0), 0);
}

/** Users [from, to) with their accounts; resolves to their ids, in order, for the organizations. */
async function insertUsers(
  db: Kysely<SeedDatabase>,
  numbers: { from: number; to: number },
  passwordHash: string,
  progress: Progress,
): Promise<string[]> {
  const ids: string[] = [];
  const end = new Date();
  const perTransaction = USERS_PER_STATEMENT * STATEMENTS_PER_TRANSACTION;
  for (let start = numbers.from; start < numbers.to; start += perTransaction) {
    await db.transaction().execute(async (trx) => {
      const stop = Math.min(numbers.to, start + perTransaction);
      for (let from = start; from < stop; from += USERS_PER_STATEMENT) {
        const to = Math.min(stop, from + USERS_PER_STATEMENT);
        const rows = seedUserRows({ from, to, last: numbers.to - 1 }, passwordHash, end, newId);
        await trx.insertInto('user').values(rows.users).execute();
        await trx.insertInto('account').values(rows.accounts).execute();
        for (const user of rows.users) ids.push(user.id);
        progress.increment(to - from);
      }
    });
  }
  return ids;
}

async function insertOrganizations(
  db: Kysely<SeedDatabase>,
  numbers: { from: number; to: number },
  userIds: readonly string[],
  progress: Progress,
): Promise<void> {
  const now = new Date();
  const perTransaction = ORGANIZATIONS_PER_STATEMENT * STATEMENTS_PER_TRANSACTION;
  for (let start = numbers.from; start < numbers.to; start += perTransaction) {
    await db.transaction().execute(async (trx) => {
      const stop = Math.min(numbers.to, start + perTransaction);
      for (let from = start; from < stop; from += ORGANIZATIONS_PER_STATEMENT) {
        const to = Math.min(stop, from + ORGANIZATIONS_PER_STATEMENT);
        const rows = seedOrganizationRows({ from, to, first: numbers.from }, userIds, now, newId);
        await trx.insertInto('organization').values(rows.organizations).execute();
        await trx.insertInto('member').values(rows.members).execute();
        await trx.insertInto('team').values(rows.teams).execute();
        await trx.insertInto('teamMember').values(rows.teamMembers).execute();
        progress.increment(to - from);
      }
    });
  }
}
