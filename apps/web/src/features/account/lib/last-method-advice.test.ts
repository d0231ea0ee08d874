import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import account from '../../../locales/en/account.json';
import { lastMethodAdvice } from './last-method-advice';

const words = account.linked as unknown as Record<string, string>;
const t = ((key: string, values?: Record<string, string>) =>
  (words[key.replace('linked.', '')] ?? key).replace('{{provider}}', values?.provider ?? '')) as TFunction<'account'>;

describe('the advice for the last way to sign in', () => {
  it('a password alone is not told to set a password; a link is advised only when a provider is left', () => {
    expect(lastMethodAdvice(t, { isPassword: true, name: 'E-mail and password', linkable: 2 })).toBe(
      `${words.lastPassword} ${words.addLink}`,
    );
    expect(lastMethodAdvice(t, { isPassword: true, name: 'E-mail and password', linkable: 0 })).toBe(
      words.lastPassword,
    );
  });

  it('a provider alone is named, and told to set a password, or link another when one is left', () => {
    const named = words.lastProvider!.replace('{{provider}}', 'GitHub');
    expect(lastMethodAdvice(t, { isPassword: false, name: 'GitHub', linkable: 1 })).toBe(
      `${named} ${words.addPasswordOrLink}`,
    );
    expect(lastMethodAdvice(t, { isPassword: false, name: 'GitHub', linkable: 0 })).toBe(
      `${named} ${words.addPassword}`,
    );
  });
});
