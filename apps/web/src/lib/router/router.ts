/**
 * @module The router: the address, the routes it shows, and the loading of their code. As under
 * react-router's data router, a navigation to a screen whose code has not arrived yet keeps the
 * screen on show until it has, then changes the address and the screen together; a newer
 * navigation overtakes an older one still loading. The state has the fields of react-router's that
 * the app reads (`location`, `initialized`, `navigation.state`, `errors`), so tests and the chunk
 * recovery read it as before.
 */
import { flushSync } from 'react-dom';
import {
  addressOf,
  createBrowserHistory,
  createMemoryHistory,
  locationOf,
  type History,
  type Location,
} from './history';
import { matchRoutes, rankRoutes, type LazyRoute, type RouteMatch, type RouteObject } from './route-table';

export interface RouterState {
  location: Location;
  matches: readonly RouteMatch[];
  /** False until the first screen's code has loaded. */
  initialized: boolean;
  navigation: { state: 'idle' | 'loading' };
  /** How the address on show was reached: a new entry, one replaced, or Back/Forward. */
  historyAction: HistoryAction;
  /** A screen's code that failed to load, and the index in `matches` of the route that shows it. */
  errors: { error: unknown; boundary: number } | null;
}

export type HistoryAction = 'PUSH' | 'REPLACE' | 'POP';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Commit at once rather than when React next renders (a navigation that must beat another update). */
  flushSync?: boolean;
}

export interface Router {
  readonly state: RouterState;
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
  /** `sync`: the navigation asked to be rendered at once (`flushSync`). */
  subscribe(listener: (state: RouterState, how: { sync: boolean }) => void): () => void;
  /** The screen a route shows once loaded (`lazy`'s answer, or the route's own). */
  loaded(route: RouteObject): LazyRoute | undefined;
}

export function createRouter(routes: readonly RouteObject[], history: History): Router {
  const branches = rankRoutes(routes);
  const lazyAnswers = new WeakMap<RouteObject, LazyRoute>();
  const listeners = new Set<Parameters<Router['subscribe']>[0]>();
  let latest = 0;

  const loaded = (route: RouteObject): LazyRoute | undefined =>
    route.lazy ? lazyAnswers.get(route) : { Component: route.Component, element: route.element };
  const isLoaded = (matches: readonly RouteMatch[]) =>
    matches.every(({ route }) => !route.lazy || lazyAnswers.has(route));

  const set = (next: Partial<RouterState>, sync = false) => {
    const apply = () => {
      state = { ...state, ...next };
      for (const listener of listeners) listener(state, { sync });
    };
    if (sync) flushSync(apply);
    else apply();
  };

  /** Loads the matched routes' code; the first failure, with the route that shows it. */
  const load = async (matches: readonly RouteMatch[]): Promise<RouterState['errors']> => {
    let failed: { error: unknown; at: number } | undefined;
    await Promise.all(
      matches.map(async ({ route }, at) => {
        if (!route.lazy || lazyAnswers.has(route)) return;
        try {
          lazyAnswers.set(route, await route.lazy());
        } catch (error) {
          if (!failed || at < failed.at) failed = { error, at };
        }
      }),
    );
    if (!failed) return null;
    // The nearest route at or above the failed one that has an error element shows the error.
    let boundary = failed.at;
    while (boundary > 0 && matches[boundary]!.route.errorElement === undefined) boundary--;
    return { error: failed.error, boundary };
  };

  /** Shows `location` once its code is there, writing the address (unless Back or Forward did) then. */
  const go = async (location: Location, historyAction: HistoryAction, sync = false): Promise<void> => {
    const commit = () => {
      if (historyAction === 'PUSH') history.push(location);
      else if (historyAction === 'REPLACE') history.replace(location);
    };
    const id = ++latest;
    const matches = matchRoutes(branches, location.pathname);
    let errors: RouterState['errors'] = null;
    if (!isLoaded(matches)) {
      if (state.initialized) set({ navigation: { state: 'loading' } });
      errors = await load(matches);
      if (id !== latest) return;
    }
    commit();
    set({ location, matches, errors, historyAction, initialized: true, navigation: { state: 'idle' } }, sync);
  };

  const first = history.location;
  const firstMatches = matchRoutes(branches, first.pathname);
  let state: RouterState = {
    location: first,
    matches: firstMatches,
    initialized: isLoaded(firstMatches),
    navigation: { state: 'idle' },
    historyAction: 'POP',
    errors: null,
  };
  if (!state.initialized) void go(first, 'POP');
  // Back and Forward are heard while anyone listens (the app renders): the listener comes and goes
  // with them, so a router that is dropped leaves nothing attached to the window.
  let stopListening: (() => void) | undefined;

  return {
    get state() {
      return state;
    },
    async navigate(to, options = {}) {
      if (typeof to === 'number') return history.go(to);
      const location = locationOf(to, state.location, options.state ?? null);
      // A link to where the user already is replaces the entry rather than adding a twin of it.
      const replace = options.replace ?? addressOf(location) === addressOf(history.location);
      return go(location, replace ? 'REPLACE' : 'PUSH', options.flushSync);
    },
    subscribe(listener) {
      listeners.add(listener);
      stopListening ??= history.listen((location) => void go(location, 'POP'));
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        stopListening?.();
        stopListening = undefined;
      };
    },
    loaded,
  };
}

export const createBrowserRouter = (routes: readonly RouteObject[]): Router =>
  createRouter(routes, createBrowserHistory(window));

export const createMemoryRouter = (
  routes: readonly RouteObject[],
  options: { initialEntries?: readonly string[] } = {},
): Router => createRouter(routes, createMemoryHistory(options.initialEntries));
