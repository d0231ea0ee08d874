/**
 * @module The username plugin's options and its constants (`USERNAME_DEFAULTS`, SPEC §9's username
 * length), resolved once into the rules every route checks.
 */

export const USERNAME_DEFAULTS = Object.freeze({
  minUsernameLength: 3,
  maxUsernameLength: 30,
});

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

export function resolveUsernameRules(options: UsernameOptions = {}): UsernameRules {
  const minLength = options.minUsernameLength ?? USERNAME_DEFAULTS.minUsernameLength;
  const maxLength = options.maxUsernameLength ?? USERNAME_DEFAULTS.maxUsernameLength;
  if (!Number.isInteger(minLength) || minLength < 1)
    throw new Error('Latchkey: minUsernameLength must be a whole number of at least 1');
  if (!Number.isInteger(maxLength) || maxLength < minLength || maxLength > COLUMN_WIDTH) {
    throw new Error(`Latchkey: maxUsernameLength must be a whole number from minUsernameLength to ${COLUMN_WIDTH}`);
  }
  return Object.freeze({ minLength, maxLength });
}
