/**
 * @module The background job that keeps expired rows from piling up (SPEC §4: expired sessions are
 * removed): every few minutes, with jitter so that instances started together do not prune
 * together, it deletes what each `ExpiringRows` declaration names, a small batch per statement,
 * pausing between batches so requests interleave with it; on SQLite, a backlog's checkpoints run
 * on a thread of their own meanwhile (db/sqlite-checkpoints.ts). Failures are logged and never
 * thrown at the process; a database outage is logged once, not at every pass.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/create-database';
import type { Database, Dialect } from '../db/schema';
import type { OffloadedCheckpoints } from '../db/sqlite-checkpoints';
import { isDatabaseUnavailable } from '../db/unavailable';
import { DEFAULTS, type Logger, type ResolvedOptions } from '../auth/options';
import type { ExpiringRows } from '../plugin/declarations';
import { deleteExpiredBatch } from './delete-expired';

export interface PruneJob {
  /** One pass over every declaration; a pass already running is joined, not doubled. Rows deleted, by table. */
  runPass(): Promise<Record<string, number>>;
  /** No further pass starts; resolves once the batch in flight, if any, has finished. */
  stop(): Promise<void>;
}

interface PruneJobOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  rows: readonly ExpiringRows[];
  settings: ResolvedOptions['prune'];
  now: () => Date;
  logger: Logger;
  /** SQLite's: while a backlog goes, its log is checkpointed off the event loop. */
  offloadCheckpoints?: DatabaseHandle['offloadCheckpoints'];
}

/** MySQL's deletes of one range by two instances may collide; the other instance is deleting them. */
const LOCK_CONFLICTS = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);
const isLockConflict = (error: unknown) =>
  typeof error === 'object' && error !== null && LOCK_CONFLICTS.has(String((error as { code?: unknown }).code));

function jittered(seconds: number): number {
  return seconds * 1000 * (1 - DEFAULTS.pruneJitter + 2 * DEFAULTS.pruneJitter * Math.random());
}

export function startPruneJob({
  db,
  dialect,
  rows,
  settings,
  now,
  logger,
  offloadCheckpoints,
}: PruneJobOptions): PruneJob {
  let stopped = false;
  let running: Promise<Record<string, number>> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let databaseAway = false;

  const checkpointFailed = (error: unknown) => logger.warn({ err: error }, 'A WAL checkpoint failed');

  async function pass(): Promise<Record<string, number>> {
    const deleted: Record<string, number> = {};
    // Started at the first full batch: a pass that finds no backlog starts no thread.
    let checkpoints: OffloadedCheckpoints | undefined;
    try {
      for (const declaration of rows) {
        const cutoff = new Date(now().getTime() - (declaration.keepFor ?? 0) * 1000);
        let total = deleted[declaration.table] ?? 0;
        for (;;) {
          let count: number;
          const started = performance.now();
          try {
            count = await deleteExpiredBatch(db, dialect, declaration, cutoff, settings.batchSize);
          } catch (error) {
            if (!isLockConflict(error)) throw error;
            break;
          }
          total += count;
          if (stopped || count < settings.batchSize) break;
          checkpoints ??= offloadCheckpoints?.(checkpointFailed);
          // As long again before the next batch: requests get at least as much of the event loop
          // (SQLite deletes on it) and of the database as the job does, however slow a batch runs.
          await Promise.all([
            sleep((performance.now() - started) * DEFAULTS.prunePauseRatio),
            checkpoints?.checkpoint(),
          ]);
        }
        deleted[declaration.table] = total;
        if (stopped) break;
      }
    } finally {
      await checkpoints?.end();
    }
    return deleted;
  }

  function runPass(): Promise<Record<string, number>> {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  }

  async function scheduledPass(): Promise<void> {
    try {
      const deleted = await runPass();
      if (databaseAway) logger.info({}, 'The database is reachable again: pruning expired rows resumed');
      databaseAway = false;
      if (Object.values(deleted).some((n) => n > 0)) logger.info({ deleted }, 'Pruned expired rows');
    } catch (error) {
      if (!isDatabaseUnavailable(error)) logger.error({ err: error }, 'Could not prune expired rows');
      else if (!databaseAway) {
        databaseAway = true;
        logger.warn({ err: error }, 'The database is unreachable: pruning expired rows paused');
      }
    }
    schedule(settings.intervalSeconds);
  }

  function schedule(seconds: number): void {
    if (stopped) return;
    timer = setTimeout(() => void scheduledPass(), jittered(seconds));
    // The job never keeps a process alive that has nothing else to do.
    timer.unref();
  }

  if (settings.enabled) schedule(Math.min(DEFAULTS.pruneStartDelay, settings.intervalSeconds));
  return {
    runPass,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
