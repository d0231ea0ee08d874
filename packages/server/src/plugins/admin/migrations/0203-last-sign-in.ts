/**
 * @module The adminLastSignIn table (schema.ts): when each user last signed in, gone with the user.
 * Its `at` index serves list-users' "signed in since / before" filters. Filled at once from the
 * sessions alive at the upgrade (impersonations left out, as last-sign-in.ts leaves them out), so
 * a user signed in before it is not listed as never signed in while their session lasts.
 */
import { sql } from 'kysely';
import type { Migration } from '../../../plugin';

export const lastSignInMigration: Migration = {
  name: '0203-last-sign-in',
  async up(db, t) {
    await db.schema
      .createTable('adminLastSignIn')
      .addColumn('userId', t.key, (c) => c.primaryKey().references('user.id').onDelete('cascade'))
      .addColumn('at', t.date, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('adminLastSignIn_at_idx').on('adminLastSignIn').columns(['at', 'userId']).execute();
    // The same column type on both sides, so the copy needs no conversion on any dialect.
    const session = sql.table('session');
    await sql`insert into ${sql.table('adminLastSignIn')} (${sql.ref('userId')}, ${sql.ref('at')})
      select ${sql.ref('userId')}, max(${sql.ref('createdAt')}) from ${session}
      where ${sql.ref('impersonatedBy')} is null group by ${sql.ref('userId')}`.execute(db);
  },
};
