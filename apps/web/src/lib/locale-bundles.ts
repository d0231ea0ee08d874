/**
 * @module The translation files, each fetched on demand: `locales/<tag>/<namespace>.json` becomes
 * a chunk of its own (a dynamic import), served by the app's own server like every other asset. The
 * first load fetches only the namespaces the auth screens need, in the chosen language (and
 * English, the fallback); a feature's namespace comes with its first screen, another language with
 * the switch to it. A bundle once loaded is kept here, so an i18next instance created afterwards
 * has it at once: the browser entry waits for the first screen's bundles before rendering (no
 * flash of keys), and tests load every bundle before rendering.
 */
import type { BackendModule, i18n, ReadCallback } from 'i18next';
import { NAMESPACES, type Namespace } from './i18n-namespaces';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';

type Bundle = Record<string, unknown>;

const files = import.meta.glob<{ default: Bundle }>('../locales/*/*.json');

/** What the auth screens (sign-in, sign-up, password reset) and the header use. */
export const FIRST_NAMESPACES = ['common', 'auth', 'errors'] as const satisfies readonly Namespace[];

const loaded = new Map<string, Bundle>();
const loading = new Map<string, Promise<Bundle>>();

const keyOf = (tag: string, namespace: string) => `${tag}/${namespace}`;

export function loadBundle(tag: string, namespace: string): Promise<Bundle> {
  const key = keyOf(tag, namespace);
  const done = loaded.get(key);
  if (done) return Promise.resolve(done);
  let pending = loading.get(key);
  if (!pending) {
    const file = files[`../locales/${key}.json`];
    if (!file) return Promise.reject(new Error(`no translation file locales/${key}.json`));
    pending = file().then(
      (module) => {
        loaded.set(key, module.default);
        loading.delete(key);
        return module.default;
      },
      (error: unknown) => {
        // A chunk that failed to load (network, or an upgrade replaced it) may load on the next try.
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

/** The bundles a first screen in `language` needs, with English's for the keys a language lacks. */
export async function preloadLanguage(language: Language): Promise<void> {
  const tags = new Set([language.tag, DEFAULT_LANGUAGE.tag]);
  await Promise.all([...tags].flatMap((tag) => FIRST_NAMESPACES.map((namespace) => loadBundle(tag, namespace))));
}

/** The app's i18next instances (one in the browser; tests render several), held weakly. */
const instances = new Set<WeakRef<i18n>>();

export function trackInstance(instance: i18n): void {
  instances.add(new WeakRef(instance));
}

/**
 * A section's texts, in each app's language and English, in i18next's store before its screen
 * renders: a route's `lazy` waits for them with its code (`withTexts`). A screen that asked for
 * them itself would suspend as it renders, and the boundary above it would swap the page that is
 * on screen for the spinner. Loaded namespaces follow a language switch (i18next loads every
 * namespace in use before it changes language).
 */
export async function loadTexts(namespaces: readonly Namespace[]): Promise<void> {
  const live: i18n[] = [];
  for (const ref of instances) {
    const instance = ref.deref();
    if (instance) live.push(instance);
    else instances.delete(ref);
  }
  await Promise.all(live.map((instance) => instance.loadNamespaces([...namespaces])));
}

/**
 * A route's `lazy` that also brings the texts its screens use (see `loadTexts`), fetched beside
 * its code. On an app's first route the router may ask before the app's i18next instance exists,
 * so the texts are asked for again once the code is there (at once when they are loaded).
 */
export function withTexts<T>(namespaces: readonly Namespace[], load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const [module] = await Promise.all([load(), loadTexts(namespaces)]);
    await loadTexts(namespaces);
    return module;
  };
}

/** Every bundle of every language: for tests, which render any screen in any language at once. */
export async function preloadAllBundles(): Promise<void> {
  await Promise.all(LANGUAGES.flatMap(({ tag }) => NAMESPACES.map((namespace) => loadBundle(tag, namespace))));
}

/**
 * i18next's backend over these bundles. A bundle already loaded is answered synchronously, so an
 * instance whose first bundles are preloaded is ready as soon as it is created.
 */
export const bundleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const done = loaded.get(keyOf(language, namespace));
    if (done) return callback(null, done);
    loadBundle(language, namespace).then(
      (bundle) => callback(null, bundle),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
