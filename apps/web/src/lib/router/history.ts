/**
 * @module Where the router keeps the address: the browser's history, or a list in memory for
 * tests. A history entry's state is kept as react-router kept it (`{usr, key}`), so an entry made
 * before an upgrade still carries its state.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that made this entry passed along (not part of the address). */
  state: unknown;
  /** Tells entries at the same address apart. */
  key: string;
}

export interface History {
  readonly location: Location;
  push(location: Location): void;
  replace(location: Location): void;
  /** Moves through the entries; the listener of `listen` hears where it landed. */
  go(delta: number): void;
  /** Called when the address changes other than by push or replace (Back, Forward). */
  listen(listener: (location: Location) => void): () => void;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** A location from an address of this app (a path with its query and fragment). */
export function locationOf(to: string, base: Location | undefined, state: unknown = null, key = newKey()): Location {
  const url = new URL(to, `http://app${base?.pathname ?? '/'}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key };
}

export const addressOf = (location: Pick<Location, 'pathname' | 'search' | 'hash'>): string =>
  location.pathname + location.search + location.hash;

interface EntryState {
  usr?: unknown;
  key?: string;
}

export function createBrowserHistory(window: Window): History {
  const read = (): Location => {
    const entry = (window.history.state ?? {}) as EntryState;
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
  };
  let location = read();
  const write = (method: 'pushState' | 'replaceState', next: Location) => {
    window.history[method]({ usr: next.state, key: next.key } satisfies EntryState, '', addressOf(next));
    location = next;
  };
  return {
    get location() {
      return location;
    },
    push: (next) => write('pushState', next),
    replace: (next) => write('replaceState', next),
    go: (delta) => window.history.go(delta),
    listen(listener) {
      const onPopState = () => {
        location = read();
        listener(location);
      };
      window.addEventListener('popstate', onPopState);
      return () => window.removeEventListener('popstate', onPopState);
    },
  };
}

export function createMemoryHistory(initialEntries: readonly string[] = ['/']): History {
  const entries = initialEntries.map((entry) => locationOf(entry, undefined));
  let index = entries.length - 1;
  const listeners = new Set<(location: Location) => void>();
  return {
    get location() {
      return entries[index]!;
    },
    push(next) {
      entries.splice(index + 1, entries.length, next);
      index = entries.length - 1;
    },
    replace(next) {
      entries[index] = next;
    },
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      for (const listener of listeners) listener(entries[index]!);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
