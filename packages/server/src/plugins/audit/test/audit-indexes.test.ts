/**
 * The audit table's indexes on every database, and the plan that needs the newest: the total of a
 * type-and-outcome filter ("failed sign-ins") counted from an index alone, not by reading every
 * event of the type from the table (300 ms over a million events, bench/README.md).
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect, type Harness } from '../../../../test/support/harness';
import { auditSchema } from '../schema';
import { auditPlugins } from './support/audit-fixtures';

async function indexNames(h: Harness): Promise<string[]> {
  const { db } = h.auth.context;
  const query =
    h.dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'auditEvent'`
      : h.dialect === 'postgres'
        ? sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'auditEvent'`
        : sql<{ name: string }>`select distinct index_name as name from information_schema.statistics
            where table_schema = database() and table_name = 'auditEvent'`;
  return (await query.execute(db)).rows.map((r) => r.name);
}

describeEachDialect(
  'audit event indexes',
  (h) => {
    it('has an index on type, outcome and time', async () => {
      expect(await indexNames(h())).toContain('auditEvent_type_outcome_createdAt_idx');
    });

    it('counts a type-and-outcome filter from that index alone (SQLite: its plan)', async () => {
      if (h().dialect !== 'sqlite') return;
      const { db } = h().auth.context;
      const count = auditSchema
        .db(h().auth.context)
        .selectFrom('auditEvent')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('type', '=', 'sign-in')
        .where('outcome', '=', 'failure')
        .compile();
      const plan = await db.executeQuery<{ detail: string }>({ ...count, sql: `explain query plan ${count.sql}` });
      expect(plan.rows.map((r) => r.detail).join(' | ')).toMatch(
        /COVERING INDEX auditEvent_type_outcome_createdAt_idx/,
      );
    });
  },
  { plugins: auditPlugins() },
);
