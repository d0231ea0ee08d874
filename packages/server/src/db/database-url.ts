/**
 * @module The one reading of `DATABASE_URL`, shared by the engine (which opens the database) and
 * the standalone server's configuration (which refuses a bad one at start): a SQLite file path
 * (bare, `sqlite:PATH` or `sqlite://PATH`, or `:memory:`), or a postgres://, postgresql://,
 * mysql:// or mariadb:// server URL.
 */
import type { Dialect } from './schema';

/** For SQLite, `url` is the file path as given (relative paths are the caller's to resolve). */
export type ParsedDatabaseUrl = { dialect: Dialect; url: string } | { problem: string };

/** A problem never echoes the value: a server URL may hold a password. */
export function parseDatabaseUrl(value: string): ParsedDatabaseUrl {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'postgres' || scheme === 'postgresql' || scheme === 'mysql' || scheme === 'mariadb') {
    if (!URL.canParse(value)) return { problem: 'is not a valid URL' };
    return { url: value, dialect: scheme.startsWith('postgres') ? 'postgres' : 'mysql' };
  }
  if (scheme !== undefined && scheme !== 'sqlite') {
    return { problem: `unsupported scheme "${scheme}://" (use a file path, sqlite:PATH, postgres://… or mysql://…)` };
  }
  const file = value.replace(/^sqlite:(\/\/)?/i, '');
  if (file === '') return { problem: 'sqlite: needs a file path' };
  return { url: file, dialect: 'sqlite' };
}
