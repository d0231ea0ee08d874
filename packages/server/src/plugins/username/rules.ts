/**
 * @module SPEC §5's username rules: 3 to 30 characters by default (options.ts), ASCII letters,
 * digits, underscore and dot. Checked on the username as typed (better-auth's default order), then
 * stored lower-cased, so `Alice` and `alice` are one username.
 */
import { AuthError } from '../../plugin';
import { USERNAME_ERRORS } from './errors';
import type { UsernameRules } from './options';

const ALLOWED = /^[a-zA-Z0-9_.]+$/;

/** Throws the rule's catalogue entry; better-auth's order: too short, too long, then characters. */
export function checkUsername(rules: UsernameRules, typed: string): void {
  if (typed.length < rules.minLength) throw new AuthError(USERNAME_ERRORS.usernameTooShort);
  if (typed.length > rules.maxLength) throw new AuthError(USERNAME_ERRORS.usernameTooLong);
  if (!ALLOWED.test(typed)) throw new AuthError(USERNAME_ERRORS.usernameIsInvalid);
}

/** What is stored and looked up. The rules allow only ASCII, so this never changes the length. */
export function normalizeUsername(typed: string): string {
  return typed.toLowerCase();
}
