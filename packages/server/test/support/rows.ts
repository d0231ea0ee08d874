/**
 * @module Database assertions shared by the suites: how many rows a table holds, and that an
 * attempt changed nothing.
 */
import { expect } from 'vitest';
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
