/**
 * @module i18next over one JSON file per language and namespace (`locales/<tag>/<namespace>.json`),
 * each loaded on demand from the app's own server (`locale-bundles.ts`): a first load carries one
 * language's auth-screen texts, not all eight languages' every section. English is the fallback,
 * so a key missing in another language shows English rather than the key.
 */
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bundleBackend, FIRST_NAMESPACES, trackInstance } from './locale-bundles';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';

/**
 * A fresh instance per app (tests render several apps); the browser app makes one. Its first
 * namespaces should be loaded beforehand (`preloadLanguage`): then it is ready on creation. A
 * component using another namespace suspends until that namespace arrives (react-i18next), and a
 * language change takes effect once the new language's namespaces in use have arrived.
 */
export function createI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance
    .use(bundleBackend)
    .use(initReactI18next)
    .init({
      lng: language.tag,
      fallbackLng: DEFAULT_LANGUAGE.tag,
      supportedLngs: LANGUAGES.map((l) => l.tag),
      // Regional tags never reach i18next (languages.ts maps them), so no `en-US` file is asked for.
      load: 'languageOnly',
      ns: [...FIRST_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false }, // React escapes.
      initAsync: false,
      returnNull: false,
      // Its console advertisement, printed once a backend is in use.
      showSupportNotice: false,
    });
  trackInstance(instance);
  return instance;
}
