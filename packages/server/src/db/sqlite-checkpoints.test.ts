import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { offloadCheckpoints } from './sqlite-checkpoints';

let dir: string;
let database: SQLite.Database;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'latchkey-checkpoints-'));
  database = new SQLite(join(dir, 'test.db'));
  database.pragma('journal_mode = WAL');
  database.exec('create table row (id integer primary key, value text)');
});

afterEach(() => {
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

const settings = () => ({
  autocheckpoint: database.pragma('wal_autocheckpoint', { simple: true }),
  synchronous: database.pragma('synchronous', { simple: true }),
});

const logBytes = () => statSync(join(dir, 'test.db-wal')).size;

function writeRows(count: number) {
  const insert = database.prepare('insert into row (value) values (?)');
  for (let i = 0; i < count; i += 1) insert.run('x'.repeat(2000));
}

it('stops the main connection checkpointing while offloaded, and restores its settings after', async () => {
  const before = settings();
  const checkpoints = offloadCheckpoints(database, join(dir, 'test.db'), () => {});
  expect(settings()).toEqual({ autocheckpoint: 0, synchronous: 1 });
  await checkpoints.end();
  expect(settings()).toEqual(before);
});

it('has the thread copy the whole log, so that the next write starts it over instead of growing it', async () => {
  const checkpoints = offloadCheckpoints(database, join(dir, 'test.db'), () => {});
  writeRows(200);
  const grown = logBytes();
  await checkpoints.checkpoint();
  writeRows(200);
  // Without the checkpoint the log would hold both writes, twice the size.
  expect(logBytes()).toBe(grown);
  await checkpoints.end();
});

it('hands checkpoints back to the main connection when the thread fails, and never leaves a caller waiting', async () => {
  const before = settings();
  const onFailure = vi.fn();
  const checkpoints = offloadCheckpoints(database, join(dir, 'missing', 'test.db'), onFailure);
  await vi.waitFor(() => expect(onFailure).toHaveBeenCalled());
  await expect(checkpoints.checkpoint()).resolves.toBeUndefined();
  expect(settings()).toEqual(before);
  await checkpoints.end();
});
