import { describe, expect, it } from 'vitest';
import { INVITATION_MAIL_TEXTS } from './invitation-mail-texts';

const textsOf = ({ greeting, subject, body, action, footer }: (typeof INVITATION_MAIL_TEXTS)['en']) => [
  greeting,
  subject('X'),
  body('X', 'Y'),
  action,
  footer,
];

describe('the invitation mail texts', () => {
  it('are written in every language, none left in English', () => {
    const english = new Set(textsOf(INVITATION_MAIL_TEXTS.en));
    for (const [language, texts] of Object.entries(INVITATION_MAIL_TEXTS).filter(([tag]) => tag !== 'en'))
      expect(
        textsOf(texts).filter((text) => english.has(text) || text.trim() === ''),
        language,
      ).toEqual([]);
  });
});
