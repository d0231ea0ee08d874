/**
 * @module The twoFactorMailedCode table: the users who chose mailed codes as a second factor
 * (mailed-code-choice.ts), one row each, gone with the user. Existing users: one with two-factor on
 * and no confirmed authenticator app can only have turned it on with mailed codes, so keeps them;
 * one with a confirmed app keeps the app and its backup codes only, as whether mail was chosen too
 * cannot be told, and offering it to such a user is the bypass this table closes.
 */
import { sql } from 'kysely';
import type { Migration } from '../../../plugin';

export const twoFactorMailedCodeMigration: Migration = {
  name: '0603-two-factor-mailed-code',
  async up(db, t) {
    await db.schema
      .createTable('twoFactorMailedCode')
      .addColumn('userId', t.key, (c) => c.primaryKey().references('user.id').onDelete('cascade'))
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .execute();
    const now = t.dialect === 'sqlite' ? sql.lit(new Date().toISOString()) : sql`CURRENT_TIMESTAMP`;
    await sql`
      insert into ${sql.table('twoFactorMailedCode')} (${sql.ref('userId')}, ${sql.ref('createdAt')})
      select ${sql.ref('u.id')}, ${now} from ${sql.table('user')} as ${sql.ref('u')}
      where ${sql.ref('u.twoFactorEnabled')} = ${sql.lit(true)}
      and not exists (
        select 1 from ${sql.table('twoFactor')} as ${sql.ref('f')}
        where ${sql.ref('f.userId')} = ${sql.ref('u.id')} and ${sql.ref('f.verified')} = ${sql.lit(true)}
      )`.execute(db);
  },
};
