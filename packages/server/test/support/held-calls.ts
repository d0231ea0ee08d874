/**
 * @module Makes racing requests meet at the guarded step: calls are held until `count` have
 * arrived, then all go on together, however their earlier steps (a password hash, a lookup) spread
 * them over time. A race test that holds its racers this way goes red when its guard is removed,
 * instead of only when the timing happens to overlap.
 */
import type { Kysely } from 'kysely';

/** Resolves once `arrive` has been called `count` times. */
function meeting(count: number): { arrive(): Promise<void> } {
  let arrived = 0;
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    arrive() {
      arrived += 1;
      if (arrived === count) open();
      return opened;
    },
  };
}

/** Runs `race` while calls of `target[method]` wait for one another, `count` at a time (once). */
export async function holdingCalls<K extends string, O extends Record<K, (...args: never[]) => Promise<unknown>>, T>(
  target: O,
  method: K,
  count: number,
  race: () => Promise<T>,
): Promise<T> {
  const original = target[method];
  const meet = meeting(count);
  target[method] = (async (...args: never[]) => {
    await meet.arrive();
    return original.apply(target, args);
  }) as O[K];
  try {
    return await race();
  } finally {
    target[method] = original;
  }
}

/** Runs `race` while the transactions begun on `db` wait for one another, `count` at a time (once). */
export async function holdingTransactions<DB, T>(db: Kysely<DB>, count: number, race: () => Promise<T>): Promise<T> {
  const original = db.transaction;
  const meet = meeting(count);
  db.transaction = function (this: Kysely<DB>) {
    const builder = original.call(this);
    const execute = builder.execute.bind(builder);
    return Object.assign(Object.create(builder) as typeof builder, {
      execute: async (work: Parameters<typeof execute>[0]) => {
        await meet.arrive();
        return execute(work);
      },
    });
  } as typeof db.transaction;
  try {
    return await race();
  } finally {
    db.transaction = original;
  }
}
