/**
 * @module The server's rules for what a user types (sign-up, password reset and change, the profile's
 * username, an admin's new user), checked in the form before any request so the answer is instant. They mirror the engine's defaults (SPEC §9,
 * `packages/server/src/auth/options.ts` and the username plugin's `options.ts` and `rules.ts`); the server still checks
 * them, and its answer lands at the same field if a deployment configured other limits.
 */
import { z } from 'zod';

export const PASSWORD_RULES = Object.freeze({ min: 8, max: 128 });
export const USERNAME_RULES = Object.freeze({ min: 3, max: 30, allowed: /^[a-zA-Z0-9_.]+$/ });

/** Zod messages are i18n keys (FormTextField translates them). */
export const passwordField = z
  .string()
  .min(PASSWORD_RULES.min, 'validation.passwordTooShort')
  .max(PASSWORD_RULES.max, 'validation.passwordTooLong');

export const emailField = z.string().trim().pipe(z.email('validation.email'));
/** An address that must be given: an empty one asks for it rather than calling it invalid. */
export const requiredEmailField = z.string().trim().min(1, 'validation.required').pipe(z.email('validation.email'));

/** A user's name, as the server takes it (SPEC §9: up to 256 characters), never blank. */
export const requiredNameField = z.string().trim().min(1, 'validation.required').max(256);

/** The plugin's rule order: length first, then characters. */
export function usernameProblem(typed: string): 'validation.usernameLength' | 'validation.usernamePattern' | null {
  if (typed.length < USERNAME_RULES.min || typed.length > USERNAME_RULES.max) return 'validation.usernameLength';
  if (!USERNAME_RULES.allowed.test(typed)) return 'validation.usernamePattern';
  return null;
}

/** Optional: an empty username means "none"; anything typed must pass the rules. */
export const optionalUsernameField = z.string().superRefine((typed, ctx) => {
  const problem = typed === '' ? null : usernameProblem(typed);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A new password typed twice: `.refine(passwordsMatch, PASSWORDS_DIFFER)`, reported at the second field. */
export function passwordsMatch(values: { password: string; confirmPassword: string }): boolean {
  return values.password === values.confirmPassword;
}
export const PASSWORDS_DIFFER = { message: 'validation.passwordsDiffer', path: ['confirmPassword'] };
