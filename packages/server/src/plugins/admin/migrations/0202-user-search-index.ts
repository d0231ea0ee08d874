/**
 * @module The index behind list-users' substring search (user-search.ts says how each dialect uses it).
 *
 * SQLite: an FTS5 table with the trigram tokenizer whose content is the user table (external
 * content: it stores only the index, the text stays in `user`), kept in step by triggers on every
 * insert, delete and update of email or name, and filled from the rows already there. An external
 * content table knows its rows by rowid: SQLite's VACUUM keeps the rowids of a table like `user`
 * (it copies tables whole), and should they ever drift, `INSERT INTO user_search(user_search)
 * VALUES('rebuild')` makes the index anew. Statements are `IF NOT EXISTS`, so a start that died
 * half-way (SQLite's migrations run outside a transaction) completes on the next one.
 *
 * PostgreSQL: pg_trgm GIN indexes on `email` and `lower(name)`. Creating the extension takes the
 * CREATE privilege on the database (pg_trgm is a trusted extension since PostgreSQL 13) or a
 * superuser before that. A role without it must still be able to start Latchkey: the extension is
 * tried behind a savepoint (migrations run in one transaction there, which a failed statement
 * would otherwise abort), and on refusal the indexes are skipped with a warning. Searches then
 * scan, slower but with the same answers; docs/operations.md ("User search") gives the statements
 * to run later as a role that may.
 *
 * MySQL/MariaDB: nothing; see user-search.ts.
 */
import { sql, type Kysely } from 'kysely';
import type { Logger, Migration } from '../../../plugin';
import { USER_SEARCH_TABLE } from '../user-search';

async function createSqliteSearchTable(db: Kysely<unknown>): Promise<void> {
  const search = sql.table(USER_SEARCH_TABLE);
  const user = sql.table('user');
  const add = sql`insert into ${search}(rowid, email, name) values (new.rowid, new.email, new.name);`;
  // An external content table removes a row's terms only when told the values it indexed.
  const remove = sql`insert into ${search}(${search}, rowid, email, name) values ('delete', old.rowid, old.email, old.name);`;
  await sql`create virtual table if not exists ${search} using fts5(email, name, content='user', tokenize='trigram')`.execute(
    db,
  );
  await sql`create trigger if not exists user_search_insert after insert on ${user} begin ${add} end`.execute(db);
  await sql`create trigger if not exists user_search_delete after delete on ${user} begin ${remove} end`.execute(db);
  // Only a change of what is indexed pays for it, not every touch of updatedAt.
  await sql`create trigger if not exists user_search_update after update of email, name on ${user} begin ${remove} ${add} end`.execute(
    db,
  );
  await sql`insert into ${search}(${search}) values ('rebuild')`.execute(db);
}

async function createTrigramExtension(db: Kysely<unknown>, logger: Logger): Promise<boolean> {
  await sql`savepoint latchkey_pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint latchkey_pg_trgm`.execute(db);
    return true;
  } catch (error) {
    await sql`rollback to savepoint latchkey_pg_trgm`.execute(db);
    logger.warn(
      { error: error instanceof Error ? error.message : String(error) },
      'Could not create the pg_trgm extension: admin user searches will scan the user table. See README.md, "User search".',
    );
    return false;
  }
}

export const userSearchIndexMigration: Migration = {
  name: '0202-user-search-index',
  async up(db, t, logger) {
    if (t.dialect === 'sqlite') {
      await createSqliteSearchTable(db);
    } else if (t.dialect === 'postgres' && (await createTrigramExtension(db, logger))) {
      const user = sql.table('user');
      await sql`create index if not exists user_email_trgm_idx on ${user} using gin (email gin_trgm_ops)`.execute(db);
      await sql`create index if not exists user_name_trgm_idx on ${user} using gin (lower(name) gin_trgm_ops)`.execute(
        db,
      );
    }
  },
};
