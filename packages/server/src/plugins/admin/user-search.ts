/**
 * @module list-users' search condition, per dialect, and the index behind it (migration 0202):
 * a substring search (`contains`, and the anchored `starts_with` and `ends_with`) cannot use a
 * B-tree, so without a trigram index it reads every user.
 *
 * - PostgreSQL: the plain LIKE below, which pg_trgm's GIN indexes on `email` and `lower(name)` serve
 *   (the expressions must stay exactly these for the planner to match them). Where the extension
 *   could not be created the same LIKE scans the table: slower, same answer.
 * - SQLite: candidates from the FTS5 trigram table `user_search`, then the same LIKE on those rows
 *   only. Trigrams need 3 characters, so shorter searches scan with LIKE alone. The LIKE stays
 *   the judge: FTS5 folds case by Unicode rules, SQLite's LIKE only ASCII, so the FTS5 rows are a
 *   superset and the answer (rows and total) is exactly the LIKE one.
 * - MySQL/MariaDB: the LIKE scan. InnoDB's FULLTEXT splits words (MariaDB has no ngram parser), so
 *   it cannot find an arbitrary substring such as `d-012` in `seed-0123@example.com`.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { PluginHost } from '../../plugin';

export type SearchField = 'email' | 'name';
export type SearchOperator = 'contains' | 'starts_with' | 'ends_with';

/** The FTS5 table over user(email, name), its rowids the user rows' (external content). */
export const USER_SEARCH_TABLE = 'user_search';
const TRIGRAM = 3;

/** `!` escapes: a backslash means different things in MySQL's and PostgreSQL's string literals. */
function likePattern(lowered: string, operator: SearchOperator): string {
  const escaped = lowered.replace(/[!%_]/g, '!$&');
  return operator === 'starts_with' ? `${escaped}%` : operator === 'ends_with' ? `%${escaped}` : `%${escaped}%`;
}

/** An FTS5 string: the whole value as one phrase, so no character in it is query syntax. */
function ftsPhrase(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}

export function searchCondition(
  dialect: PluginHost['dialect'],
  field: SearchField,
  value: string,
  operator: SearchOperator,
): Expression<SqlBool> {
  const lowered = value.toLowerCase();
  // E-mails are stored lower-cased, so the plain column serves (and its index); names are not, and
  // every dialect's LIKE differs in case rules, so both sides are lower-cased.
  const column = field === 'name' ? sql`lower(${sql.ref('name')})` : sql.ref('email');
  const like = sql<SqlBool>`${column} like ${likePattern(lowered, operator)} escape '!'`;
  if (dialect !== 'sqlite' || [...lowered].length < TRIGRAM) return like;
  // The phrase is the lowered value the LIKE looks for, so every row the LIKE accepts is a candidate.
  const candidates = sql`select rowid from ${sql.table(USER_SEARCH_TABLE)} where ${sql.ref(`${USER_SEARCH_TABLE}.${field}`)} match ${ftsPhrase(lowered)}`;
  // The user's rowid by name: list-users joins a table that has one too.
  return sql<SqlBool>`(${sql.ref('user.rowid')} in (${candidates}) and ${like})`;
}
