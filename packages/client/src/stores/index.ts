/**
 * @module Framework-free stores over a client: the query store and the session/organization stores
 * with their refresh rules. `@latchkey/client/react` builds its hooks on these.
 */
export {
  createQueryStore,
  FOCUS_INTERVAL,
  type QueryState,
  type QueryStore,
  type QueryStoreOptions,
} from './query-store';
export { storesToRefresh, REFRESH_DELAY, type StoreName } from './refresh-rules';
export {
  createAuthStores,
  type AuthStores,
  type AuthStoresOptions,
  type SessionData,
  type OrganizationListData,
  type OrganizationData,
  type FullOrganizationData,
  type MemberData,
} from './auth-stores';
