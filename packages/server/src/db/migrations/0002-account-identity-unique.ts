/**
 * @module One account row per provider identity: `(providerId, accountId)` becomes unique, so two
 * sign-ins or links racing for the same identity cannot attach it to two users (whoever signs in
 * with it next would otherwise get either of them). The unique index replaces 0001's plain one.
 *
 * A database that already holds such duplicates (better-auth has no such index) is not changed:
 * which user keeps the identity is the operator's decision, so the migration stops with the
 * query that finds them.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from '../migrate';

function findDuplicatesQuery(quote: string): string {
  const [provider, account] = [`${quote}providerId${quote}`, `${quote}accountId${quote}`];
  return `select ${provider}, ${account}, count(*) from ${quote}account${quote} group by ${provider}, ${account} having count(*) > 1`;
}

export const accountIdentityUniqueMigration: Migration = {
  name: '0002-account-identity-unique',
  async up(db: Kysely<unknown>, t) {
    const duplicates = await sql<{ n: number }>`
      select count(*) as n from (
        select 1 as one from ${sql.table('account')}
        group by ${sql.ref('providerId')}, ${sql.ref('accountId')}
        having count(*) > 1
      ) as duplicated`.execute(db);
    const count = duplicates.rows[0]?.n ?? 0;
    if (count > 0) {
      throw new Error(
        `Latchkey: ${count} provider identities are linked to more than one account row. Keep one row for each ` +
          `(the user who should own it) and start again; they are listed by: ${findDuplicatesQuery(t.dialect === 'mysql' ? '`' : '"')}`,
      );
    }
    await db.schema
      .createIndex('account_providerId_accountId_key')
      .on('account')
      .columns(['providerId', 'accountId'])
      .unique()
      .execute();
    const drop = db.schema.dropIndex('account_providerId_accountId_idx');
    await (t.dialect === 'mysql' ? drop.on('account') : drop).execute();
  },
};
