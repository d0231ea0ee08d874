/**
 * @module Recognises a foreign-key violation from any of the three drivers: a row that names a
 * parent (a session its user) which is gone. Only the database sees a parent deleted between a
 * caller's read and its insert, so the insert's own error is the one reliable signal of that race.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return (
    code === '23503' || // PostgreSQL foreign_key_violation
    code === 'ER_NO_REFERENCED_ROW_2' ||
    errno === 1452 || // MySQL / MariaDB: no parent row for the inserted child
    code === 'ER_NO_REFERENCED_ROW' ||
    errno === 1216 || // the same, from servers before MySQL 5.0.14 / older MariaDB messages
    code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
  );
}
