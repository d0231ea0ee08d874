/**
 * @module Recovery from a script chunk that fails to load. After an upgrade the server no longer
 * has the chunks an open tab's old page names (it answers 404), so the next screen's import fails;
 * reloading fetches the new page, whose chunks exist. The page reloads once: sessionStorage keeps
 * a note of the reload for this tab, and while the note is there a failure shows the app's error
 * state instead, so a chunk that is really unreachable never makes the page reload in a loop. The
 * note is dropped once a screen has loaded, so a later upgrade in the same tab recovers too.
 */

const RELOADED_KEY = 'latchkey.reloadedForChunk';

/** What the browsers say when a dynamic import or Vite's preload of a chunk fails. */
const CHUNK_LOAD_MESSAGES = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite, a chunk's stylesheet
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_LOAD_MESSAGES.some((known) => message.toLowerCase().includes(known.toLowerCase()));
}

export interface ChunkReloader {
  /** Whether reloadOnce would reload (or a reload is under way); nothing is changed. */
  mayReload(): boolean;
  /**
   * Starts the one reload, or says one is already under way: true. False when this tab has
   * already reloaded for a chunk, or cannot keep the note (storage disabled): then show the error.
   */
  reloadOnce(): boolean;
  /** A screen loaded: a later failure may reload again. */
  loaded(): void;
}

export function createChunkReloader(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined,
  reload: () => void,
): ChunkReloader {
  let reloading = false;
  const noted = (): boolean | undefined => {
    try {
      return storage ? storage.getItem(RELOADED_KEY) !== null : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    // Without a storage that keeps the note a reload could repeat forever: none then.
    mayReload: () => reloading || noted() === false,
    reloadOnce() {
      if (reloading) return true;
      if (!storage || noted() !== false) return false;
      try {
        storage.setItem(RELOADED_KEY, String(Date.now()));
      } catch {
        return false;
      }
      reloading = true;
      reload();
      return true;
    },
    loaded() {
      if (reloading) return;
      try {
        storage?.removeItem(RELOADED_KEY);
      } catch {
        // Nothing was noted then.
      }
    },
  };
}

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The page's reloader. */
export const chunkReloader: ChunkReloader = createChunkReloader(sessionStorageOrUndefined(), () =>
  globalThis.location.reload(),
);

/** The part of a React Router data router that tells whether the screen on show loaded. */
interface RouterLike {
  state: { initialized: boolean; navigation: { state: string }; errors: unknown };
  subscribe(listener: (state: RouterLike['state']) => void): () => void;
}

/**
 * Reloads once when a chunk outside the router fails (Vite announces a failed preload or import
 * of any chunk with `vite:preloadError` on the window), and drops the note of the reload each
 * time a screen has loaded without error. A chunk the router was loading for a screen is left to
 * the route's error element: it reloads once the router shows the new address, since reloading
 * now would reload the screen the user is leaving.
 */
export function recoverFromMissingChunks(
  router: RouterLike,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  reloader: ChunkReloader = chunkReloader,
): () => void {
  const listener = () => {
    const { initialized, navigation } = router.state;
    if (initialized && navigation.state === 'idle') reloader.reloadOnce();
  };
  target.addEventListener('vite:preloadError', listener);
  const check = (state: RouterLike['state']) => {
    if (state.initialized && state.navigation.state === 'idle' && !state.errors) reloader.loaded();
  };
  check(router.state);
  const unsubscribe = router.subscribe(check);
  return () => {
    target.removeEventListener('vite:preloadError', listener);
    unsubscribe();
  };
}
