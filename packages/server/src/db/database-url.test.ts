import { describe, expect, it } from 'vitest';
import { createDatabase } from './create-database';
import { parseDatabaseUrl } from './database-url';

describe('parseDatabaseUrl', () => {
  it('names the dialect of each accepted form, and keeps a SQLite path as given', () => {
    expect(parseDatabaseUrl('postgres://u:p@db/latchkey')).toEqual({
      dialect: 'postgres',
      url: 'postgres://u:p@db/latchkey',
    });
    expect(parseDatabaseUrl('PostgreSQL://db/latchkey')).toEqual({
      dialect: 'postgres',
      url: 'PostgreSQL://db/latchkey',
    });
    expect(parseDatabaseUrl('mariadb://db/latchkey')).toEqual({ dialect: 'mysql', url: 'mariadb://db/latchkey' });
    expect(parseDatabaseUrl('sqlite://data/l.db')).toEqual({ dialect: 'sqlite', url: 'data/l.db' });
    expect(parseDatabaseUrl('sqlite:/var/l.db')).toEqual({ dialect: 'sqlite', url: '/var/l.db' });
    expect(parseDatabaseUrl(':memory:')).toEqual({ dialect: 'sqlite', url: ':memory:' });
  });

  it('describes a refused URL without echoing it', () => {
    expect(parseDatabaseUrl('redis://secret@host')).toEqual({
      problem: 'unsupported scheme "redis://" (use a file path, sqlite:PATH, postgres://… or mysql://…)',
    });
    expect(parseDatabaseUrl('sqlite:')).toEqual({ problem: 'sqlite: needs a file path' });
  });

  it('is what the engine opens the database by: a refused URL is not taken for a SQLite file name', () => {
    expect(() => createDatabase('redis://secret@host')).toThrow('The database URL unsupported scheme "redis://"');
  });
});
