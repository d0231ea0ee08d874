/**
 * @module `createAuthHooks(client)`: the client's stores and one hook per store, named by the
 * plugin that declares it (`useSession`, the organization plugin's `useActiveOrganization`…),
 * created once at module level next to the client (`export const { useSession } =
 * createAuthHooks(client)`). A factory rather than a context provider: the hooks carry their
 * client, so they work in any component without a provider above it, and every component shares
 * the same stores.
 */
import type { CoreEndpoints } from '@latchkey/server';
import type { AuthClient } from '../create-auth-client';
import type { ServerDescription, StoreSpecsOf } from '../client-types';
import { createAuthStores, type AuthStores, type AuthStoresOptions, type StoreValues } from '../stores/auth-stores';
import { useQueryStore, type QueryResult } from './use-query-store';

type HookNameOf<S extends ServerDescription, Name extends keyof StoreSpecsOf<S>> = StoreSpecsOf<S>[Name] extends {
  hook: infer Hook extends string;
}
  ? Hook
  : never;

/** `S` is the client's server description: `AuthHooks<typeof auth>` for a client of `typeof auth`. */
export type AuthHooks<S extends ServerDescription = CoreEndpoints> = { stores: AuthStores<S> } & {
  [Name in keyof StoreValues<S> as HookNameOf<S, Name>]: () => QueryResult<StoreValues<S>[Name]>;
};

/** Typed from the client: `createAuthHooks(createAuthClient<typeof auth>(…))` knows the plugins' stores and columns. */
export function createAuthHooks<S extends ServerDescription>(
  client: AuthClient<S>,
  options?: AuthStoresOptions,
): AuthHooks<S> {
  const stores = createAuthStores(client, options);
  const hooks: Record<string, () => QueryResult<unknown>> = {};
  for (const plugin of client.$plugins)
    for (const [name, spec] of Object.entries(plugin.stores ?? {})) {
      const store = (stores as unknown as Record<string, Parameters<typeof useQueryStore>[0]>)[name]!;
      hooks[spec.hook] = () => useQueryStore(store);
    }
  return { ...hooks, stores } as AuthHooks<S>;
}
