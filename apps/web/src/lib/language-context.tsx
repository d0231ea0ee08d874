/**
 * @module The chosen language: i18next's language, the MUI theme's locale and `<html lang>`
 * follow it, and the choice is remembered in localStorage (as the SPEC's language id). Another
 * language's texts are fetched on the switch to it (`locale-bundles.ts`).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { i18n } from 'i18next';
import { saveLanguage, type Language } from './languages';

interface LanguageState {
  language: Language;
  setLanguage(language: Language): void;
}

const LanguageContext = createContext<LanguageState | null>(null);

export function LanguageProvider({ i18n, initial, children }: { i18n: i18n; initial: Language; children: ReactNode }) {
  const [language, setState] = useState(initial);
  const setLanguage = useCallback(
    (next: Language) => {
      saveLanguage(next, globalThis.localStorage);
      // The page changes language once the new language's texts have arrived (at once when they
      // are loaded already), texts, MUI's locale and `<html lang>` together.
      void i18n.changeLanguage(next.tag, () => setState(next));
    },
    [i18n],
  );
  useEffect(() => {
    document.documentElement.lang = language.tag;
  }, [language]);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useLanguage needs a <LanguageProvider> above it');
  return state;
}
