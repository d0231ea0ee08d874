/**
 * The guard around the reload for a missing chunk: one reload per tab until a screen has loaded,
 * none without a storage to keep the note in, and a chunk failing outside the router reloads at
 * once while one failing during a navigation is left to the route (the browser test
 * e2e/chunk-recovery.test.ts covers the whole path).
 */
import { describe, expect, it } from 'vitest';
import { createChunkReloader, isChunkLoadError, recoverFromMissingChunks } from './chunk-reload';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** A page: the reloader's storage outlives a reload, its memory does not. */
function tab() {
  const storage = memoryStorage();
  let reloads = 0;
  const open = () => createChunkReloader(storage, () => reloads++);
  return { storage, open, reloads: () => reloads };
}

describe('the reload for a missing chunk', () => {
  it('recognises the failed dynamic imports of Chromium, Firefox and Safari and a failed stylesheet preload', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://x/assets/a-1.js',
      'error loading dynamically imported module: https://x/assets/a-1.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/a-1.css',
    ])
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError({ status: 404 })).toBe(false);
  });

  it('reloads once; after the reload a second failure does not reload again', () => {
    const browser = tab();
    const first = browser.open();
    expect(first.mayReload()).toBe(true);
    expect(first.reloadOnce()).toBe(true);
    // Asked again before the page went away: the reload is under way.
    expect(first.reloadOnce()).toBe(true);
    expect(browser.reloads()).toBe(1);

    const second = browser.open();
    expect(second.mayReload()).toBe(false);
    expect(second.reloadOnce()).toBe(false);
    expect(browser.reloads()).toBe(1);
  });

  it('may reload again once a screen has loaded after the reload', () => {
    const browser = tab();
    browser.open().reloadOnce();
    const after = browser.open();
    after.loaded();
    expect(browser.storage.items.size).toBe(0);
    expect(after.reloadOnce()).toBe(true);
    expect(browser.reloads()).toBe(2);
  });

  it('never reloads without a storage that keeps the note, which alone prevents a loop', () => {
    let reloads = 0;
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    for (const storage of [undefined, refusing]) {
      const reloader = createChunkReloader(storage, () => reloads++);
      expect(reloader.reloadOnce()).toBe(false);
    }
    expect(reloads).toBe(0);
  });

  it("reloads on Vite's preload error outside a navigation, leaves one during a navigation to the route, and notes loaded screens", () => {
    const browser = tab();
    const reloader = browser.open();
    const target = new EventTarget();
    let state = { initialized: true, navigation: { state: 'loading' }, errors: null as unknown };
    const listeners = new Set<(next: typeof state) => void>();
    const router = {
      get state() {
        return state;
      },
      subscribe(listener: (next: typeof state) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const stop = recoverFromMissingChunks(router, target as unknown as Window, reloader);

    target.dispatchEvent(new Event('vite:preloadError'));
    expect(browser.reloads()).toBe(0);

    state = { initialized: true, navigation: { state: 'idle' }, errors: null };
    target.dispatchEvent(new Event('vite:preloadError'));
    expect(browser.reloads()).toBe(1);

    // The next page: its first screen loads, and the note goes.
    const next = browser.open();
    const stopNext = recoverFromMissingChunks(router, target as unknown as Window, next);
    expect(browser.storage.items.size).toBe(0);
    stop();
    stopNext();
    expect(listeners.size).toBe(0);
  });
});
