/**
 * @module The app's languages. Each is identified by the language code enumeration of SPEC §3
 * (RUS 0, UKR 1, ENG 3, SPA 4, GERMAN 6, POL 15, FRA 16, TURKEY 82): that number is what the app
 * remembers and what tests and links may name; the i18next tag and MUI's locale follow from it (the
 * DataGrid's texts come with the admin console, which alone uses the grid).
 */
import { deDE, enUS, esES, frFR, plPL, ruRU, trTR, ukUA, type Localization } from '@mui/material/locale';

export const LANGUAGE_IDS = { RUS: 0, UKR: 1, ENG: 3, SPA: 4, GERMAN: 6, POL: 15, FRA: 16, TURKEY: 82 } as const;
export type LanguageId = (typeof LANGUAGE_IDS)[keyof typeof LANGUAGE_IDS];

/** The server's language tags (a user's stored `language`, the mails' languages). */
export type LanguageTag = 'en' | 'ru' | 'uk' | 'es' | 'de' | 'pl' | 'fr' | 'tr';

export interface Language {
  id: LanguageId;
  /** BCP 47 tag: i18next's language, `<html lang>` and the user's stored language. */
  tag: LanguageTag;
  /** The language's own name, as a speaker looks for it in a menu. */
  name: string;
  mui: Localization;
}

export const LANGUAGES: readonly Language[] = [
  { id: LANGUAGE_IDS.ENG, tag: 'en', name: 'English', mui: enUS },
  { id: LANGUAGE_IDS.RUS, tag: 'ru', name: 'Русский', mui: ruRU },
  { id: LANGUAGE_IDS.UKR, tag: 'uk', name: 'Українська', mui: ukUA },
  { id: LANGUAGE_IDS.SPA, tag: 'es', name: 'Español', mui: esES },
  { id: LANGUAGE_IDS.GERMAN, tag: 'de', name: 'Deutsch', mui: deDE },
  { id: LANGUAGE_IDS.POL, tag: 'pl', name: 'Polski', mui: plPL },
  { id: LANGUAGE_IDS.FRA, tag: 'fr', name: 'Français', mui: frFR },
  { id: LANGUAGE_IDS.TURKEY, tag: 'tr', name: 'Türkçe', mui: trTR },
];

export const DEFAULT_LANGUAGE: Language = LANGUAGES[0]!;

export function languageById(id: number): Language | undefined {
  return LANGUAGES.find((language) => language.id === id);
}

export function languageByTag(tag: string): Language {
  return LANGUAGES.find((language) => language.tag === tag) ?? DEFAULT_LANGUAGE;
}

/** Where the choice is remembered: the SPEC's id, as a string. */
export const LANGUAGE_STORAGE_KEY = 'latchkey.language';

/**
 * The first of the browser's preferred languages (navigator.languages, most preferred first) that
 * the app speaks, matched by primary subtag (`de-AT` → German); none matches: undefined.
 */
export function preferredLanguage(tags: readonly string[]): Language | undefined {
  for (const tag of tags) {
    const primary = tag.toLowerCase().split('-')[0];
    const match = LANGUAGES.find((language) => language.tag === primary);
    if (match) return match;
  }
  return undefined;
}

/** On first visit the browser's language; once the user has chosen one, their choice. */
export function initialLanguage(
  storage: Pick<Storage, 'getItem'> | undefined,
  browserLanguages: readonly string[] = [],
): Language {
  const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
  const chosen = stored !== null && stored !== undefined ? languageById(Number(stored)) : undefined;
  return chosen ?? preferredLanguage(browserLanguages) ?? DEFAULT_LANGUAGE;
}

export function saveLanguage(language: Language, storage: Pick<Storage, 'setItem'> | undefined): void {
  storage?.setItem(LANGUAGE_STORAGE_KEY, String(language.id));
}
