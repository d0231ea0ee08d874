/**
 * @module The `email` and `emailVerified` keys of update-user's `data`, as better-auth 1.7 takes
 * them: both need `user:set-email`; the address is checked and lower-cased like sign-up's, and one
 * taken by another user is the route's 400 USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL. Unlike
 * better-auth, a changed address is stored unverified unless the same request says otherwise: the
 * old address's proof says nothing of the new mailbox (docs/decisions.md, Admin). No mail is sent;
 * the user's page offers "Resend verification".
 */
import { z } from 'zod';
import { AuthError, ERRORS, normalizeEmail, type PluginHost, type User } from '../../plugin';
import { ADMIN_ERRORS } from './errors';

export interface EmailPatch {
  email?: string;
  emailVerified?: boolean;
}

export function touchesEmail(data: Record<string, unknown>): boolean {
  return Object.hasOwn(data, 'email') || Object.hasOwn(data, 'emailVerified');
}

/** The columns to write for `data`'s e-mail keys, given the user as stored. */
export async function readEmailChange(
  auth: PluginHost,
  data: Record<string, unknown>,
  existing: User,
): Promise<EmailPatch> {
  const patch: EmailPatch = {};
  if (Object.hasOwn(data, 'emailVerified')) {
    const verified = z.boolean().safeParse(data.emailVerified);
    if (!verified.success)
      throw new AuthError(ERRORS.invalidBody, {
        details: [{ path: 'data.emailVerified', message: 'Expected boolean' }],
      });
    patch.emailVerified = verified.data;
  }
  if (Object.hasOwn(data, 'email')) {
    const email = typeof data.email === 'string' ? normalizeEmail(data.email) : null;
    if (!email) throw new AuthError(ERRORS.invalidEmail);
    if (email !== existing.email) {
      const owner = await auth.users.findByEmail(email);
      if (owner && owner.id !== existing.id) throw new AuthError(ADMIN_ERRORS.userAlreadyExistsUseAnotherEmail);
      patch.email = email;
      patch.emailVerified ??= false;
    }
  }
  return patch;
}
