import { describe, expect, it } from 'vitest';
import { languageOf, namedLanguageOf } from './request-language';

describe('languageOf', () => {
  it('takes the first of the app’s languages by q-value, the client’s order breaking ties', () => {
    expect(languageOf('pl-PL,pl;q=0.9,en;q=0.8')).toBe('pl');
    expect(languageOf('ja,fr;q=0.4,es;q=0.6')).toBe('es');
    expect(languageOf('tr, uk')).toBe('tr');
    expect(languageOf('UK;Q=0.5')).toBe('uk');
  });

  it('answers English for no header, unknown languages, a wildcard or q=0', () => {
    for (const header of [null, undefined, '', 'ja', '*', 'de;q=0', ';;,,']) expect(languageOf(header)).toBe('en');
  });
});

describe('namedLanguageOf', () => {
  it('answers null, not English, when the header names none of the app’s languages', () => {
    for (const header of [null, '', 'ja', '*', 'de;q=0']) expect(namedLanguageOf(header)).toBeNull();
    expect(namedLanguageOf('ja,fr;q=0.4')).toBe('fr');
    expect(namedLanguageOf('en-GB')).toBe('en');
  });
});
