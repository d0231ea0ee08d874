/**
 * @module `createQueryStore(fetcher)`: one server value (the session, the organization list…) held
 * outside any framework. Every subscriber shares one request: the first subscription loads, later
 * ones join the load in flight. A refetch asked for while a request runs queues exactly one more,
 * so a change made during the load is never missed and never multiplied. While subscribed, a window
 * focus refetches, at most once per `focusInterval` ms. The shape matches React's
 * `useSyncExternalStore`: `subscribe` and a `getSnapshot` whose identity changes only with the value.
 */
import { unknownError, type ClientError, type ClientResult } from '../result';

export interface QueryState<T> {
  readonly data: T | null;
  readonly error: ClientError | null;
  /** True until the first answer arrives. */
  readonly isPending: boolean;
}

export interface QueryStore<T> {
  getSnapshot(): QueryState<T>;
  subscribe(listener: () => void): () => void;
  /** Loads again; resolves once the store holds an answer newer than the call. */
  refetch(): Promise<void>;
  /** The value is stale: reload now if anyone is watching, else on the next subscription. */
  invalidate(): void;
}

export interface QueryStoreOptions {
  /** Minimum ms between two focus refetches; default 5000. */
  focusInterval?: number;
  /** The event target for focus; default `globalThis.window` when there is one. */
  focusTarget?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
}

export const FOCUS_INTERVAL = 5000;

export function createQueryStore<T>(
  fetcher: () => Promise<ClientResult<T>>,
  options: QueryStoreOptions = {},
): QueryStore<T> {
  const focusInterval = options.focusInterval ?? FOCUS_INTERVAL;
  const now = options.now ?? Date.now;
  const listeners = new Set<() => void>();
  let state: QueryState<T> = { data: null, error: null, isPending: true };
  let inFlight: Promise<void> | null = null;
  let again: Promise<void> | null = null;
  let loaded = false;
  let lastFetchAt = -Infinity;

  function set(next: QueryState<T>): void {
    state = next;
    for (const listener of listeners) listener();
  }

  function load(): Promise<void> {
    lastFetchAt = now();
    inFlight = fetcher()
      .then(
        (result) => set({ data: result.data, error: result.error, isPending: false }),
        // The client never rejects; this guards a custom fetcher that does.
        (cause: unknown) =>
          set({
            data: state.data,
            error: unknownError(String(cause)),
            isPending: false,
          }),
      )
      .finally(() => {
        loaded = true;
        inFlight = null;
      });
    return inFlight;
  }

  function refetch(): Promise<void> {
    if (!inFlight) return load();
    // The answer in flight may predate the change that asked for this refetch: load once more after it.
    again ??= inFlight.then(() => {
      again = null;
      return load();
    });
    return again;
  }

  function onFocus(): void {
    if (now() - lastFetchAt < focusInterval) return;
    void refetch();
  }

  const focusTarget = options.focusTarget ?? (typeof window === 'undefined' ? undefined : window);

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) focusTarget?.addEventListener('focus', onFocus);
      if (!loaded && !inFlight) void load();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) focusTarget?.removeEventListener('focus', onFocus);
      };
    },
    refetch,
    invalidate() {
      if (listeners.size > 0) void refetch();
      else loaded = false;
    },
  };
}
