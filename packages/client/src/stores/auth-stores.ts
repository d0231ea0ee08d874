/**
 * @module `createAuthStores(client)`: the stores its plugins declare (the core's session, the
 * organization plugin's organizations…), each holding what one route answers, kept fresh by the
 * plugins' refresh rules — each successful call marks stores stale and they reload
 * `REFRESH_DELAY` ms later (one reload per store however many calls land in that window). A store
 * nobody watches is only marked stale, and loads when a component next subscribes.
 */
import type { CoreEndpoints } from '@latchkey/server';
import type { AuthClient } from '../create-auth-client';
import type { OutputOf, ServerDescription, StoreSpecsOf } from '../client-types';
import { createQueryStore, type QueryStore, type QueryStoreOptions } from './query-store';
import { mergeRefreshRules, REFRESH_DELAY, storesToRefresh } from './refresh-rules';

/** What `/get-session` answers: `{ session, user }` with the plugins' columns, or null when signed out. */
export type SessionData<S extends ServerDescription = CoreEndpoints> = OutputOf<S, 'getSession'>;

/** Each store's value is what its route answers on the client's server. */
export type StoreValues<S extends ServerDescription> = {
  [Name in keyof StoreSpecsOf<S>]: StoreSpecsOf<S>[Name] extends { route: infer Id extends string }
    ? OutputOf<S, Id>
    : never;
};

export type AuthStores<S extends ServerDescription = CoreEndpoints> = {
  [Name in keyof StoreValues<S>]: QueryStore<StoreValues<S>[Name]>;
} & {
  /** Stops listening to the client (pending refreshes are dropped). */
  dispose(): void;
};

export interface AuthStoresOptions extends QueryStoreOptions {
  /** Ms between a successful call and the refresh it causes; default 10 (SPEC §4). */
  refreshDelay?: number;
}

export function createAuthStores<S extends ServerDescription>(
  client: AuthClient<S>,
  options: AuthStoresOptions = {},
): AuthStores<S> {
  const plugins = client.$plugins;
  const paths = new Map(plugins.flatMap((plugin) => Object.entries(plugin.routes).map(([id, r]) => [id, r.path])));
  const stores = new Map<string, QueryStore<unknown>>();
  for (const plugin of plugins)
    for (const [name, spec] of Object.entries(plugin.stores ?? {})) {
      const path = paths.get(spec.route);
      if (path === undefined)
        throw new Error(`latchkey client: store ${name} reads ${spec.route}, which no plugin declares`);
      stores.set(
        name,
        createQueryStore(() => client.$fetch(path), options),
      );
    }

  const rules = mergeRefreshRules(plugins);
  const delay = options.refreshDelay ?? REFRESH_DELAY;
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const stop = client.$onSuccess((_path, _method, id) => {
    for (const name of storesToRefresh(rules, id)) {
      const store = stores.get(name);
      if (!store || timers.has(name)) continue;
      timers.set(
        name,
        setTimeout(() => {
          timers.delete(name);
          store.invalidate();
        }, delay),
      );
    }
  });

  return {
    ...Object.fromEntries(stores),
    dispose() {
      stop();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  } as AuthStores<S>;
}
