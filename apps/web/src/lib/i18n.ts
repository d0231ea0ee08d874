/**
 * @module i18next with every translation bundled (no request for text at run time): one JSON file
 * per language and namespace under `locales/<tag>/<namespace>.json`. English is the fallback, so a
 * key missing in another language shows English rather than the key.
 */
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { NAMESPACES } from './i18n-namespaces';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

function resources(): Record<string, Record<string, Record<string, unknown>>> {
  const byTag: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, module] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, tag, namespace] = match as unknown as [string, string, string];
    (byTag[tag] ??= {})[namespace] = module.default;
  }
  return byTag;
}

/** A fresh instance per app (tests render several apps); the browser app makes one. */
export function createI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: resources(),
    lng: language.tag,
    fallbackLng: DEFAULT_LANGUAGE.tag,
    supportedLngs: LANGUAGES.map((l) => l.tag),
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes.
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
