/**
 * @module POST /reset-password {newPassword, token?}: sets the password of the user a reset token
 * was mailed to. The token may also come as `?token=` (better-auth accepts both). It is used up
 * by a conditional delete, so of any number of concurrent resets with one token exactly one
 * succeeds. By default every session of the user ends: whoever knew the old password is out.
 */
import { z } from 'zod';
import { hashPassword } from '../crypto/password';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { AuthError, ERRORS } from '../endpoint/errors';
import { passwordField } from '../validation/fields';
import { checkPasswordLength } from '../validation/password-policy';
import { redeemToken } from '../verification/one-time-token';
import { emitEvent } from '../events/emit-event';
import { afterEmailVerified, afterPasswordChanged } from '../plugin/run-hooks';
import { statusResponse } from '../endpoint/responses';

const tokenField = z.string().max(256);
const body = z.object({ newPassword: passwordField, token: tokenField.optional() });
const query = z.object({ token: tokenField.optional() });

export const resetPassword = defineEndpoint({
  id: 'resetPassword',
  method: 'POST',
  path: '/reset-password',
  summary: 'Reset the password with a token',
  errors: [ERRORS.invalidToken, ERRORS.passwordTooShort, ERRORS.passwordTooLong],
  response: statusResponse,
  body,
  query,
  async handler({ auth, body, query, headers, clientIp }) {
    const token = body.token ?? query.token;
    if (!token) throw new AuthError(ERRORS.invalidToken);
    // Checked before the token is used up, so a rejected password does not cost the user the link.
    checkPasswordLength(auth, body.newPassword);

    // better-auth answers an expired token like an unknown one.
    const found = await redeemToken(auth, 'reset-password', token);
    if (found.status !== 'valid') throw new AuthError(ERRORS.invalidToken);
    const { userId } = found.subject;
    const user = await auth.users.findById(userId);
    if (!user) throw new AuthError(ERRORS.invalidToken);

    // A user who signed up through a provider gets a password, and so a credential account, here.
    await auth.accounts.setPassword(userId, await hashPassword(body.newPassword), auth.now());

    // An invitation's link (password-setup-link.ts) names the address it was mailed to: using it
    // proves that mailbox, as a verification link would, while the account still has the address.
    if (found.subject.data !== undefined && found.subject.data === user.email && !user.emailVerified) {
      const verified = await auth.users.update(userId, { emailVerified: true, updatedAt: auth.now() });
      emitEvent({ auth, headers, clientIp }, 'email-verified', { userId, actorUserId: userId });
      if (verified) await afterEmailVerified(auth, verified);
    }

    if (auth.options.emailAndPassword.revokeSessionsOnPasswordReset) await auth.sessions.deleteByUser(userId);
    // Whatever the sessions setting: a reset is how an account is taken back, and a browser trusted
    // to skip the second step must not outlive it, or the new password alone would sign in there.
    await afterPasswordChanged(auth, userId, { revokeOthers: true });
    emitEvent({ auth, headers, clientIp }, 'password-reset', {
      userId,
      actorUserId: userId,
      detail: { sessionsRevoked: auth.options.emailAndPassword.revokeSessionsOnPasswordReset },
    });
    return { status: true };
  },
});
