/**
 * @module The configured password length bounds. Passwords are never trimmed or truncated: what
 * the user typed is what gets hashed (after NFKC, in crypto/password).
 */
import type { AuthContext } from '../auth/context';
import { AuthError, ERRORS } from '../endpoint/errors';

export function checkPasswordLength(auth: Pick<AuthContext, 'options'>, password: string): void {
  const { minPasswordLength, maxPasswordLength } = auth.options.emailAndPassword;
  const length = [...password.normalize('NFKC')].length;
  if (length < minPasswordLength) throw new AuthError(ERRORS.passwordTooShort);
  if (length > maxPasswordLength) throw new AuthError(ERRORS.passwordTooLong);
}
