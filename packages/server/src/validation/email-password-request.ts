/**
 * @module What the e-mail and password endpoints (sign-up and sign-in) read alike: the fields both
 * take, and the address, refused while e-mail and password sign-in is off (before anything else,
 * as better-auth does) and normalised as every stored address is.
 */
import { z } from 'zod';
import type { AuthContext } from '../auth/context';
import { AuthError, ERRORS } from '../endpoint/errors';
import { normalizeEmail } from './email';
import { emailField, passwordField, redirectUrl } from './fields';

export const emailPasswordFields = {
  email: emailField,
  password: passwordField,
  callbackURL: redirectUrl(ERRORS.invalidCallbackURL).optional(),
  rememberMe: z.boolean().optional(),
};

/** The normalised address of an e-mail and password request. */
export function emailOfPasswordRequest(auth: AuthContext, email: string): string {
  if (!auth.options.emailAndPassword.enabled) throw new AuthError(ERRORS.emailAndPasswordNotEnabled);
  const normalized = normalizeEmail(email);
  if (!normalized) throw new AuthError(ERRORS.invalidEmail);
  return normalized;
}
