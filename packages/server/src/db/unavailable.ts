/**
 * @module Recognises "the database cannot be reached" from any of the three drivers, as opposed to
 * a query that failed: the first is answered 503 (try again), the second stays a logged 500 bug.
 * A pool that lost its connections makes new ones on the next query, so nothing here reconnects.
 */

/** Socket-level failures, as Node reports them for pg and mysql2 alike. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * PostgreSQL: class 08 (connection exception) and 57P01–57P03 (the server shutting down, crashing
 * or not yet accepting connections). MySQL/MariaDB: mysql2's lost connection and the server's own
 * refusals (too many connections, shutting down). SQLite: the file stayed locked past the busy
 * timeout, which another process holds.
 */
const SERVER_CODES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  'PROTOCOL_CONNECTION_LOST',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'SQLITE_BUSY',
]);

/** pg says so in words only, for a socket closed under it or a connection that took too long. */
const PG_MESSAGES = [/^Connection terminated/, /^timeout exceeded when trying to connect/];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message, fatal } = error as { code?: unknown; message?: unknown; fatal?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code))) return true;
  // mysql2 marks every error that ended its connection as fatal.
  if (fatal === true) return true;
  return typeof message === 'string' && PG_MESSAGES.some((pattern) => pattern.test(message));
}
