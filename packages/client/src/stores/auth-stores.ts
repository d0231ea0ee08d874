/**
 * @module `createAuthStores(client)`: the session and organization stores of one client, kept
 * fresh by the refresh rules — each successful call marks stores stale and they reload
 * `REFRESH_DELAY` ms later (one reload per store however many calls land in that window). A store
 * nobody watches is only marked stale, and loads when a component next subscribes.
 */
import type { CoreEndpoints } from '@latchkey/server';
import type { AuthClient } from '../create-auth-client';
import type { AnyServerEndpoint, CallOutput } from '../client-types';
import { createQueryStore, type QueryStore, type QueryStoreOptions } from './query-store';
import { REFRESH_DELAY, storesToRefresh, type StoreName } from './refresh-rules';

/** What `/get-session` answers: `{ session, user }`, or null when signed out. */
export type SessionData = CallOutput<Extract<CoreEndpoints[number], { path: '/get-session' }>>;

// The organization plugin's endpoint types are not exported by the engine: the fields relied on.
export interface OrganizationData {
  id: string;
  name: string;
  slug: string;
  [field: string]: unknown;
}
export interface FullOrganizationData extends OrganizationData {
  members?: unknown[];
  invitations?: unknown[];
}
export interface MemberData {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  [field: string]: unknown;
}

export interface AuthStores {
  session: QueryStore<SessionData>;
  organizations: QueryStore<OrganizationData[]>;
  activeOrganization: QueryStore<FullOrganizationData>;
  activeMember: QueryStore<MemberData>;
  /** Stops listening to the client (pending refreshes are dropped). */
  dispose(): void;
}

export interface AuthStoresOptions extends QueryStoreOptions {
  /** Ms between a successful call and the refresh it causes; default 10 (SPEC §4). */
  refreshDelay?: number;
}

export function createAuthStores<Endpoints extends readonly AnyServerEndpoint[]>(client: AuthClient<Endpoints>, options: AuthStoresOptions = {}): AuthStores {
  const stores = {
    session: createQueryStore(() => client.$fetch<SessionData>('/get-session'), options),
    organizations: createQueryStore(() => client.$fetch<OrganizationData[]>('/organization/list'), options),
    activeOrganization: createQueryStore(() => client.$fetch<FullOrganizationData>('/organization/get-full-organization'), options),
    activeMember: createQueryStore(() => client.$fetch<MemberData>('/organization/get-active-member'), options),
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
