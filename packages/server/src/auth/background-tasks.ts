/**
 * @module Work that runs after the answer has gone (a reset mail whose timing must not reveal the
 * account). Failures are logged, and `drain` lets shutdown wait for it, so no task touches a
 * database that is already closed.
 */
import type { Logger } from './options';

export interface BackgroundTasks {
  run(label: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far, and any they started, has settled. */
  drain(): Promise<void>;
}

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(label, task) {
      const running: Promise<void> = task()
        .then(() => undefined)
        .catch((error: unknown) => logger.error({ err: error }, label))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
