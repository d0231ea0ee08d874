/**
 * @module SPEC §5's username rules: 3 to 30 characters by default, ASCII letters, digits,
 * underscore and dot. Checked on the username as typed (better-auth's default order), then stored
 * lower-cased, so `Alice` and `alice` are one username.
 */
import { AuthError, DEFAULTS } from '../../plugin';
import { USERNAME_ERRORS } from './errors';

export interface UsernameOptions {
  /** Default 3 (SPEC §9). */
  minUsernameLength?: number;
  /** Default 30 (SPEC §9); at most 255, the width of the indexed column. */
  maxUsernameLength?: number;
}

export interface UsernameRules {
  readonly minLength: number;
  readonly maxLength: number;
}

/** The widest username the `varchar(255)` column (MySQL needs one to index it) can hold. */
const COLUMN_WIDTH = 255;
const ALLOWED = /^[a-zA-Z0-9_.]+$/;

export function resolveUsernameRules(options: UsernameOptions = {}): UsernameRules {
  const minLength = options.minUsernameLength ?? DEFAULTS.minUsernameLength;
  const maxLength = options.maxUsernameLength ?? DEFAULTS.maxUsernameLength;
  if (!Number.isInteger(minLength) || minLength < 1)
    throw new Error('Latchkey: minUsernameLength must be a whole number of at least 1');
  if (!Number.isInteger(maxLength) || maxLength < minLength || maxLength > COLUMN_WIDTH) {
    throw new Error(`Latchkey: maxUsernameLength must be a whole number from minUsernameLength to ${COLUMN_WIDTH}`);
  }
  return Object.freeze({ minLength, maxLength });
}

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
