import { describe, expect, it, vi } from 'vitest';
import type { ClientResult } from '../result';
import { createQueryStore } from './query-store';

function deferredFetcher() {
  const pending: ((value: ClientResult<number>) => void)[] = [];
  const fetcher = vi.fn(() => new Promise<ClientResult<number>>((resolve) => pending.push(resolve)));
  const answer = (data: number) => pending.shift()!({ data, error: null });
  return { fetcher, answer };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createQueryStore', () => {
  it('loads on the first subscription only, and every subscriber sees the answer', async () => {
    const { fetcher, answer } = deferredFetcher();
    const store = createQueryStore(fetcher, { focusTarget: new EventTarget() });
    expect(store.getSnapshot()).toEqual({ data: null, error: null, isPending: true });
    const seen = [vi.fn(), vi.fn(), vi.fn()];
    for (const listener of seen) store.subscribe(listener);
    expect(fetcher).toHaveBeenCalledTimes(1);
    answer(7);
    await tick();
    expect(store.getSnapshot()).toEqual({ data: 7, error: null, isPending: false });
    for (const listener of seen) expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a refetch during a load queues exactly one more load after it', async () => {
    const { fetcher, answer } = deferredFetcher();
    const store = createQueryStore(fetcher, { focusTarget: new EventTarget() });
    store.subscribe(() => {});
    const a = store.refetch();
    const b = store.refetch();
    expect(fetcher).toHaveBeenCalledTimes(1);
    answer(1);
    await tick();
    expect(fetcher).toHaveBeenCalledTimes(2);
    answer(2);
    await Promise.all([a, b]);
    expect(store.getSnapshot().data).toBe(2);
  });

  it('invalidate reloads a watched store, and only marks an unwatched one stale', async () => {
    const { fetcher, answer } = deferredFetcher();
    const store = createQueryStore(fetcher, { focusTarget: new EventTarget() });
    const stop = store.subscribe(() => {});
    answer(1);
    await tick();
    stop();
    store.invalidate();
    expect(fetcher).toHaveBeenCalledTimes(1);
    store.subscribe(() => {});
    expect(fetcher).toHaveBeenCalledTimes(2);
    store.invalidate();
    answer(2);
    await tick();
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it('focus refetches at most once per interval, and only while subscribed', async () => {
    let now = 0;
    const target = new EventTarget();
    const fetcher = vi.fn(async (): Promise<ClientResult<number>> => ({ data: 1, error: null }));
    const store = createQueryStore(fetcher, { focusTarget: target, focusInterval: 5000, now: () => now });
    const stop = store.subscribe(() => {});
    await tick();
    now = 4999;
    target.dispatchEvent(new Event('focus'));
    expect(fetcher).toHaveBeenCalledTimes(1);
    now = 5000;
    target.dispatchEvent(new Event('focus'));
    target.dispatchEvent(new Event('focus'));
    expect(fetcher).toHaveBeenCalledTimes(2);
    await tick();
    stop();
    now = 20_000;
    target.dispatchEvent(new Event('focus'));
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});
