/**
 * @module `createAuthHooks(client)`: the client's stores and one hook per store, created once at
 * module level next to the client (`export const { useSession } = createAuthHooks(client)`). A
 * factory rather than a context provider: the hooks carry their client, so they work in any
 * component without a provider above it, and every component shares the same stores.
 */
import type { CoreEndpoints } from '@latchkey/server';
import type { AuthClient } from '../create-auth-client';
import type { ServerDescription } from '../client-types';
import {
  createAuthStores,
  type AuthStores,
  type AuthStoresOptions,
  type FullOrganizationData,
  type MemberData,
  type OrganizationListData,
  type SessionData,
} from '../stores/auth-stores';
import { useQueryStore, type QueryResult } from './use-query-store';

/** `S` is the client's server description: `AuthHooks<typeof auth>` for a client of `typeof auth`. */
export interface AuthHooks<S extends ServerDescription = CoreEndpoints> {
  stores: AuthStores<S>;
  useSession(): QueryResult<SessionData<S>>;
  useListOrganizations(): QueryResult<OrganizationListData<S>>;
  useActiveOrganization(): QueryResult<FullOrganizationData<S>>;
  useActiveMember(): QueryResult<MemberData<S>>;
}

/** Typed from the client: `createAuthHooks(createAuthClient<typeof auth>(…))` knows the plugins' columns. */
export function createAuthHooks<S extends ServerDescription>(
  client: AuthClient<S>,
  options?: AuthStoresOptions,
): AuthHooks<S> {
  const stores = createAuthStores(client, options);
  return {
    stores,
    useSession: () => useQueryStore(stores.session),
    useListOrganizations: () => useQueryStore(stores.organizations),
    useActiveOrganization: () => useQueryStore(stores.activeOrganization),
    useActiveMember: () => useQueryStore(stores.activeMember),
  };
}
