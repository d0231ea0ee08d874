/**
 * @module `createAuthStores(client)`: the session and organization stores of one client, kept
 * fresh by the refresh rules — each successful call marks stores stale and they reload
 * `REFRESH_DELAY` ms later (one reload per store however many calls land in that window). A store
 * nobody watches is only marked stale, and loads when a component next subscribes.
 */
import type { CoreEndpoints } from '@latchkey/server';
import type { AuthClient } from '../create-auth-client';
import type { OutputAt, ServerDescription } from '../client-types';
import { createQueryStore, type QueryStore, type QueryStoreOptions } from './query-store';
import { REFRESH_DELAY, storesToRefresh, type StoreName } from './refresh-rules';

// Each store's value is what its route answers on the client's server. A server without the
// organization plugin has no such routes: those stores then hold `unknown` (and answer 404).

/** What `/get-session` answers: `{ session, user }` with the plugins' columns, or null when signed out. */
export type SessionData<S extends ServerDescription = CoreEndpoints> = OutputAt<S, '/get-session'>;
/** What `/organization/list` answers: the caller's organizations. */
export type OrganizationListData<S extends ServerDescription = CoreEndpoints> = OutputAt<
  S,
  '/organization/list',
  unknown
>;
/** One organization of the list. */
export type OrganizationData<S extends ServerDescription = CoreEndpoints> =
  OrganizationListData<S> extends readonly (infer O)[] ? O : unknown;
/** What `/organization/get-full-organization` answers: the active organization with members, invitations and teams, or null. */
export type FullOrganizationData<S extends ServerDescription = CoreEndpoints> = OutputAt<
  S,
  '/organization/get-full-organization',
  unknown
>;
/** What `/organization/get-active-member` answers: the caller's member row in the active organization, with its user. */
export type MemberData<S extends ServerDescription = CoreEndpoints> = OutputAt<
  S,
  '/organization/get-active-member',
  unknown
>;

export interface AuthStores<S extends ServerDescription = CoreEndpoints> {
  session: QueryStore<SessionData<S>>;
  organizations: QueryStore<OrganizationListData<S>>;
  activeOrganization: QueryStore<FullOrganizationData<S>>;
  activeMember: QueryStore<MemberData<S>>;
  /** Stops listening to the client (pending refreshes are dropped). */
  dispose(): void;
}

export interface AuthStoresOptions extends QueryStoreOptions {
  /** Ms between a successful call and the refresh it causes; default 10 (SPEC §4). */
  refreshDelay?: number;
}

export function createAuthStores<S extends ServerDescription>(
  client: AuthClient<S>,
  options: AuthStoresOptions = {},
): AuthStores<S> {
  // Through $fetch, typed by the route's answer: the typed route chain needs the routes in the
  // client's type, and a store must work for any server (404 without the organization plugin).
  const stores = {
    session: createQueryStore(() => client.$fetch<SessionData<S>>('/get-session'), options),
    organizations: createQueryStore(() => client.$fetch<OrganizationListData<S>>('/organization/list'), options),
    activeOrganization: createQueryStore(
      () => client.$fetch<FullOrganizationData<S>>('/organization/get-full-organization'),
      options,
    ),
    activeMember: createQueryStore(() => client.$fetch<MemberData<S>>('/organization/get-active-member'), options),
  } satisfies Record<StoreName, QueryStore<unknown>>;

  const delay = options.refreshDelay ?? REFRESH_DELAY;
  const timers = new Map<StoreName, ReturnType<typeof setTimeout>>();
  const stop = client.$onSuccess((path, method) => {
    for (const name of storesToRefresh(path, method)) {
      if (timers.has(name)) continue;
      timers.set(
        name,
        setTimeout(() => {
          timers.delete(name);
          stores[name].invalidate();
        }, delay),
      );
    }
  });

  return {
    ...stores,
    dispose() {
      stop();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
