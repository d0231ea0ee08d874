/**
 * @module What the app hears about the end of its session, apart from the query cache: the 401
 * answers of its auth client (any of which may mean the server ended the session), and whether the
 * session the app showed was ended by the server rather than by the user signing out here. A leaf
 * module, so that `auth.tsx` can give every client one without importing the watcher.
 */

type Listener = () => void;

export class SessionEndSignal {
  readonly #unauthorized = new Set<Listener>();
  readonly #changes = new Set<Listener>();
  #ended = false;

  /** The client calls this for every 401 answer. */
  unauthorized(): void {
    for (const listener of this.#unauthorized) listener();
  }

  onUnauthorized(listener: Listener): () => void {
    this.#unauthorized.add(listener);
    return () => void this.#unauthorized.delete(listener);
  }

  /** True from the moment the server ended the session the app showed until a session exists again. */
  get ended(): boolean {
    return this.#ended;
  }

  setEnded(ended: boolean): void {
    if (ended === this.#ended) return;
    this.#ended = ended;
    for (const listener of this.#changes) listener();
  }

  /** For `useSyncExternalStore`: called when `ended` changes. */
  readonly subscribe = (listener: Listener): (() => void) => {
    this.#changes.add(listener);
    return () => void this.#changes.delete(listener);
  };
}
