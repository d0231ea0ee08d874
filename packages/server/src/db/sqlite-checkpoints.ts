/**
 * @module SQLite's write-ahead log checkpointed on a thread of its own, while one writer produces
 * log by the megabyte (the prune job clearing a backlog). Left to itself, SQLite checkpoints on
 * the connection whose commit takes the log past `wal_autocheckpoint` (1,000 pages): the copy and
 * its fsync then run on the event loop and hold every request for tens of milliseconds, every few
 * batches. While offloaded, the main connection never checkpoints; a worker thread with a
 * connection of its own does (PASSIVE: it blocks neither readers nor the writer), and the writer
 * waits for it between batches, so that its next write finds the log wholly copied and starts it
 * over: the log stays about one batch long. A connection that only checkpoints leaves the main
 * connection's page cache valid, unlike one that writes (a worker that deleted the rows itself was
 * tried, and each of its commits made the main connection re-read its pages).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

export interface OffloadedCheckpoints {
  /** Resolves once the thread has checkpointed the log as it stands (at once if the thread failed). */
  checkpoint(): Promise<void>;
  /** Hands checkpoints back to the main connection and ends the thread. */
  end(): Promise<void>;
}

/** The worker: CommonJS, evaluated, so it needs no loader for TypeScript. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
parentPort.on('message', (message) => {
  if (message === 'end') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage(null);
  } catch (error) {
    parentPort.postMessage(String(error));
  }
});
`;

const DRIVER_PATH = createRequire(import.meta.url).resolve('better-sqlite3');

export function offloadCheckpoints(
  database: SQLite.Database,
  file: string,
  onFailure: (error: unknown) => void,
): OffloadedCheckpoints {
  const pagesBefore = database.pragma('wal_autocheckpoint', { simple: true }) as number;
  const syncBefore = database.pragma('synchronous', { simple: true }) as number;
  const waiting: Array<() => void> = [];
  let worker: Worker | null = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver: DRIVER_PATH, file } });
  worker.unref();
  database.pragma('wal_autocheckpoint = 0');
  // Meanwhile commits skip their own fsync of the log (WAL's NORMAL): the thread's checkpoint
  // syncs the log before it copies, a few milliseconds after each batch, so a power cut could
  // lose at most the commits of those milliseconds (never the file: WAL's NORMAL cannot corrupt
  // it). With both syncing, the main connection's fsync queued behind the thread's, on the event
  // loop, and get-session's p99 rose by 200 ms while a backlog went.
  database.pragma('synchronous = NORMAL');

  // However the thread ends, the main connection checkpoints again, and nobody waits forever.
  const handBack = () => {
    if (!worker) return;
    worker = null;
    if (database.open) {
      database.pragma(`wal_autocheckpoint = ${pagesBefore}`);
      database.pragma(`synchronous = ${syncBefore}`);
    }
    for (const resolve of waiting.splice(0)) resolve();
  };
  worker.on('message', (failure: string | null) => {
    if (failure) onFailure(new Error(failure));
    waiting.shift()?.();
  });
  worker.on('error', (error) => {
    onFailure(error);
    handBack();
  });
  worker.on('exit', handBack);

  return {
    checkpoint: () =>
      new Promise<void>((resolve) => {
        if (!worker) return resolve();
        waiting.push(resolve);
        worker.postMessage('checkpoint');
      }),
    end: async () => {
      const ending = worker;
      if (!ending) return;
      const exited = new Promise((resolve) => ending.once('exit', resolve));
      ending.postMessage('end');
      await exited;
    },
  };
}
