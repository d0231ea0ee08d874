/**
 * @module The language of what the server itself renders (the error page, mails): the first of the
 * web app's eight languages (SPEC §3) that the request's `Accept-Language` names, by its q-values;
 * English when it names none. The app sends its chosen language as `Accept-Language` on every API
 * call, so a mail follows what the user picked in the app, and a browser's own header otherwise.
 */
import type { RequestHeaders } from '../http/transport';

export const SERVER_LANGUAGES = ['en', 'de', 'es', 'fr', 'pl', 'ru', 'tr', 'uk'] as const;
export type ServerLanguage = (typeof SERVER_LANGUAGES)[number];

export const isServerLanguage = (tag: unknown): tag is ServerLanguage =>
  typeof tag === 'string' && (SERVER_LANGUAGES as readonly string[]).includes(tag);

// A header is the client's to write: only its first few entries are read, so a long one costs nothing.
const MAX_ENTRIES = 16;

/** `ru-RU,ru;q=0.9,en;q=0.8` → 'ru'; `*`, unknown tags and q=0 are passed over. */
export function languageOf(acceptLanguage: string | null | undefined): ServerLanguage {
  return namedLanguageOf(acceptLanguage) ?? 'en';
}

/** As `languageOf`, but null when the header names none of the languages: nothing to store. */
export function namedLanguageOf(acceptLanguage: string | null | undefined): ServerLanguage | null {
  if (!acceptLanguage) return null;
  const ranked = acceptLanguage
    .slice(0, 1024)
    .split(',', MAX_ENTRIES)
    .map((entry, index) => {
      const [range = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      const weight = q === undefined ? 1 : Number(q);
      return {
        tag: range.trim().toLowerCase().split('-')[0] ?? '',
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter(({ tag, weight }) => weight > 0 && isServerLanguage(tag))
    // Equal weights keep the client's order.
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const first = ranked[0]?.tag;
  return first && isServerLanguage(first) ? first : null;
}

export function requestLanguage(headers: RequestHeaders): ServerLanguage {
  return languageOf(headers.get('accept-language'));
}

/** The language a request names, or null: what a new user's `language` starts as. */
export function namedRequestLanguage(headers: RequestHeaders): ServerLanguage | null {
  return namedLanguageOf(headers.get('accept-language'));
}
