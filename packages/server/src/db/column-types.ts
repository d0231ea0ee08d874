/**
 * @module The SQL type of each kind of column, per dialect. MySQL cannot index TEXT, so keys and
 * indexed strings are VARCHAR there (and everywhere, for one schema to read).
 */
import type { Dialect } from './schema';

export interface ColumnTypes {
  /** For the statements whose syntax differs (MySQL's `DROP INDEX … ON`). */
  dialect: Dialect;
  /** Ids, e-mails, digests: anything indexed. */
  key: 'varchar(255)';
  text: 'text';
  bool: 'boolean' | 'integer';
  date: 'timestamptz' | 'datetime(3)' | 'text';
}

export function columnTypes(dialect: Dialect): ColumnTypes {
  return {
    dialect,
    key: 'varchar(255)',
    text: 'text',
    bool: dialect === 'sqlite' ? 'integer' : 'boolean',
    date: dialect === 'postgres' ? 'timestamptz' : dialect === 'mysql' ? 'datetime(3)' : 'text',
  };
}
