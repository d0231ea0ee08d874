/**
 * @module @latchkey/client/react: `createAuthHooks(client)` gives one hook per store of the
 * client's plugins — `useSession`, and with `organizationClient()` `useListOrganizations`,
 * `useActiveOrganization` and `useActiveMember` — each returning `{ data, error, isPending,
 * refetch }` from a store shared by every component.
 */
export { createAuthHooks, type AuthHooks } from './create-auth-hooks';
export { useQueryStore, type QueryResult } from './use-query-store';
export * from '../stores';
