import { describe, expect, it } from 'vitest';
import { SERVER_LANGUAGES } from '../i18n/request-language';
import { MAIL_TEXTS } from './texts';

/** Every text of a language's mails, the functions called with sample values. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return [String((value as (...a: string[]) => unknown)('X', 'Y'))];
  return Object.values(value as object).flatMap(textsOf);
}

describe('mail texts', () => {
  it('are written in every language, none left in English', () => {
    const english = new Set(textsOf(MAIL_TEXTS.en));
    for (const language of SERVER_LANGUAGES.filter((tag) => tag !== 'en')) {
      const texts = textsOf(MAIL_TEXTS[language]);
      expect(
        texts.filter((text) => english.has(text) || text.trim() === ''),
        language,
      ).toEqual([]);
    }
  });
});
