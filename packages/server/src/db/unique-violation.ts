/**
 * @module Recognises a unique-constraint violation from any of the three drivers: the database,
 * not a prior SELECT, is what keeps one user per e-mail under concurrent sign-ups.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return (
    code === '23505' || // PostgreSQL
    code === 'ER_DUP_ENTRY' ||
    errno === 1062 || // MySQL / MariaDB
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
