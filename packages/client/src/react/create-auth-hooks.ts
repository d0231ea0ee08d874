/**
 * @module `createAuthHooks(client)`: the client's stores and one hook per store, created once at
 * module level next to the client (`export const { useSession } = createAuthHooks(client)`). A
 * factory rather than a context provider: the hooks carry their client, so they work in any
 * component without a provider above it, and every component shares the same stores.
 */
import type { AuthClient } from '../create-auth-client';
import type { AnyServerEndpoint } from '../client-types';
import { createAuthStores, type AuthStores, type AuthStoresOptions, type FullOrganizationData, type MemberData, type OrganizationData, type SessionData } from '../stores/auth-stores';
import { useQueryStore, type QueryResult } from './use-query-store';

export interface AuthHooks {
  stores: AuthStores;
  useSession(): QueryResult<SessionData>;
  useListOrganizations(): QueryResult<OrganizationData[]>;
  useActiveOrganization(): QueryResult<FullOrganizationData>;
  useActiveMember(): QueryResult<MemberData>;
}

export function createAuthHooks<Endpoints extends readonly AnyServerEndpoint[]>(client: AuthClient<Endpoints>, options?: AuthStoresOptions): AuthHooks {
  const stores = createAuthStores(client, options);
  return {
    stores,
    useSession: () => useQueryStore(stores.session),
    useListOrganizations: () => useQueryStore(stores.organizations),
    useActiveOrganization: () => useQueryStore(stores.activeOrganization),
    useActiveMember: () => useQueryStore(stores.activeMember),
  };
}
