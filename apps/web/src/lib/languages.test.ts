/**
 * The language on arrival: the user's stored choice wins; before any choice, the first of the
 * browser's languages the app speaks (by primary subtag); else English.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, initialLanguage, preferredLanguage } from './languages';

const storage = (value: string | null) => ({ getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? value : null) });

describe('the initial language', () => {
  it('follows the browser on first visit: the first of its languages the app speaks', () => {
    expect(initialLanguage(storage(null), ['uk-UA', 'ru', 'en']).tag).toBe('uk');
    expect(initialLanguage(storage(null), ['ja-JP', 'de-AT', 'fr']).tag).toBe('de');
    expect(preferredLanguage(['PT-br', 'TR'])?.tag).toBe('tr');
  });

  it('a stored choice wins over the browser', () => {
    expect(initialLanguage(storage('3'), ['ru-RU']).tag).toBe('en');
    expect(initialLanguage(storage('16'), ['de']).tag).toBe('fr');
  });

  it('none of the browser languages spoken, or a stored id that is no language: English, or the browser', () => {
    expect(initialLanguage(storage(null), ['ja', 'zh-CN']).tag).toBe('en');
    expect(initialLanguage(undefined, []).tag).toBe('en');
    expect(initialLanguage(storage('999'), ['pl-PL']).tag).toBe('pl');
  });
});
