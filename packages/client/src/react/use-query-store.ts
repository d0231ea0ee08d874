/**
 * @module `useQueryStore(store)`: a query store read through React's `useSyncExternalStore`, as
 * `{ data, error, isPending, refetch }`. Subscribing is what starts the store's one shared load.
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { QueryState, QueryStore } from '../stores/query-store';

export interface QueryResult<T> extends QueryState<T> {
  refetch(): Promise<void>;
}

export function useQueryStore<T>(store: QueryStore<T>): QueryResult<T> {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return useMemo(
    () => ({ data: state.data, error: state.error, isPending: state.isPending, refetch: store.refetch }),
    [state, store],
  );
}
