/**
 * @module Framework-free stores over a client: the query store, and the stores the client's
 * plugins declare with their refresh rules. `@latchkey/client/react` builds its hooks on these.
 */
export {
  createQueryStore,
  FOCUS_INTERVAL,
  type QueryState,
  type QueryStore,
  type QueryStoreOptions,
} from './query-store';
export { mergeRefreshRules, storesToRefresh, REFRESH_DELAY, type RefreshRules } from './refresh-rules';
export {
  createAuthStores,
  type AuthStores,
  type AuthStoresOptions,
  type SessionData,
  type StoreValues,
} from './auth-stores';
