/**
 * @module Database assertions shared by the suites: how many rows a table holds, a user's sessions
 * as stored, and that an attempt changed nothing.
 */
import { expect } from 'vitest';
import { sha256Hex } from '../../src/crypto/digest';
import type { Harness } from './harness';

export type CoreTable = 'user' | 'session' | 'account' | 'verification';

export async function countRows(h: Harness, table: CoreTable): Promise<number> {
  const row = await h.auth.context.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Runs `attempt` and checks that it added, removed or changed no user or session row, and no account. */
export async function expectNothingChanged(h: Harness, attempt: () => Promise<void>): Promise<void> {
  const snapshot = () =>
    Promise.all([
      h.auth.context.db.selectFrom('user').selectAll().orderBy('id').execute(),
      h.auth.context.db.selectFrom('session').selectAll().orderBy('id').execute(),
      countRows(h, 'account'),
    ]);
  const before = await snapshot();
  await attempt();
  expect(await snapshot()).toEqual(before);
}

/** A user's session rows, as stored. */
export function sessionsOf(h: Harness, userId: string) {
  return h.auth.context.db.selectFrom('session').selectAll().where('userId', '=', userId).execute();
}

export async function sessionCount(h: Harness, userId: string): Promise<number> {
  return (await sessionsOf(h, userId)).length;
}

/** The row of the session a token (as the cookie carries it) names; only its digest is stored. */
export function sessionRow(h: Harness, token: string) {
  return h.auth.context.db.selectFrom('session').selectAll().where('token', '=', sha256Hex(token)).executeTakeFirst();
}

/** The user's password accounts (provider `credential`): one at most, unless a guard failed. */
export function credentialAccounts(h: Harness, userId: string) {
  return h.auth.context.db
    .selectFrom('account')
    .selectAll()
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .execute();
}

/** The user has exactly one password account, its hash Argon2id, and `password` signs in to it. */
export async function expectPasswordSet(h: Harness, user: { id: string; email: string }, password: string) {
  const accounts = await credentialAccounts(h, user.id);
  expect(accounts).toHaveLength(1);
  expect(accounts[0]).toMatchObject({ accountId: user.id, providerId: 'credential' });
  expect(accounts[0]!.password).toMatch(/^\$argon2id\$/);
  expect((await h.client().post('/sign-in/email', { email: user.email, password })).status).toBe(200);
}
