import { describe, expect, it } from 'vitest';
import { AuthError } from '../../plugin';
import { resolveUsernameRules } from './options';
import { checkUsername, normalizeUsername } from './rules';

function refusal(rules: ReturnType<typeof resolveUsernameRules>, typed: string): string | null {
  try {
    checkUsername(rules, typed);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(AuthError);
    return (error as AuthError).code;
  }
}

describe('username rules', () => {
  const rules = resolveUsernameRules();

  it('default to 3 to 30 characters', () => {
    expect(rules).toEqual({ minLength: 3, maxLength: 30 });
  });

  it('accept letters of either case, digits, underscores and dots at the length bounds', () => {
    for (const typed of ['abc', 'A_1', '...', '_._', 'Z'.repeat(30), 'john.doe_42'])
      expect(refusal(rules, typed), typed).toBeNull();
  });

  it('check the length before the characters, as better-auth does', () => {
    expect(refusal(rules, '')).toBe('USERNAME_IS_TOO_SHORT');
    expect(refusal(rules, 'a b')).toBe('USERNAME_IS_INVALID');
    expect(refusal(rules, 'a-')).toBe('USERNAME_IS_TOO_SHORT');
    expect(refusal(rules, '-'.repeat(31))).toBe('USERNAME_IS_TOO_LONG');
  });

  it('refuse anything but ASCII letters, digits, underscore and dot', () => {
    for (const typed of ['with space', 'dash-ed', 'at@sign', 'émile', 'ｆｕｌｌ', 'tab\tbed', 'new\nline', 'ünï']) {
      expect(refusal(rules, typed), JSON.stringify(typed)).toBe('USERNAME_IS_INVALID');
    }
  });

  it('lower-case what is stored', () => {
    expect(normalizeUsername('John.Doe_42')).toBe('john.doe_42');
  });

  it('refuse configured lengths that cannot work, at start-up', () => {
    expect(resolveUsernameRules({ minUsernameLength: 5, maxUsernameLength: 8 })).toEqual({
      minLength: 5,
      maxLength: 8,
    });
    expect(() => resolveUsernameRules({ minUsernameLength: 0 })).toThrow(/minUsernameLength/);
    expect(() => resolveUsernameRules({ minUsernameLength: 10, maxUsernameLength: 5 })).toThrow(/maxUsernameLength/);
    expect(() => resolveUsernameRules({ maxUsernameLength: 256 })).toThrow(/maxUsernameLength/);
  });
});
