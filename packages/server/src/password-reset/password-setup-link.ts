/**
 * @module A link to choose a first password, for a user an admin created without one (the admin
 * plugin's invitation). It is a reset-password token, redeemed by the same POST /reset-password and
 * used once, but with its own lifetime and bound to the address it was mailed to: redeeming it
 * while the account still has that address also verifies it, since only that mailbox had the link.
 */
import type { AuthContext } from '../auth/context';
import { DEFAULTS } from '../auth/options';
import type { User } from '../db/records';
import { authLink } from '../verification/links';
import { issueToken } from '../verification/one-time-token';

export async function issuePasswordSetupLink(
  auth: AuthContext,
  user: Pick<User, 'id' | 'email'>,
  { expiresIn, callbackURL }: { expiresIn: number; callbackURL: string },
): Promise<string> {
  const token = await issueToken(
    auth,
    'reset-password',
    { userId: user.id, data: user.email },
    { expiresIn, length: DEFAULTS.resetPasswordTokenLength },
  );
  return authLink(auth, `/reset-password/${token}`, { callbackURL });
}
