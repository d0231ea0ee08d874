/**
 * @module `auth.api.setPassword({ body: { newPassword }, headers })`: gives a password to the
 * signed-in user who has none (signed up through a provider). Server-only, never routed over
 * HTTP: without asking for a current password it must only run where the application decided to
 * call it. A user who already has a password changes it with /change-password instead.
 */
import { z } from 'zod';
import { hashPassword } from '../crypto/password';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { AuthError, ERRORS } from '../endpoint/errors';
import { passwordField } from '../validation/fields';
import { checkPasswordLength } from '../validation/password-policy';
import { emitEvent } from '../events/emit-event';
import { statusResponse } from '../endpoint/responses';

const body = z.object({ newPassword: passwordField });

export const setPassword = defineEndpoint({
  id: 'setPassword',
  method: 'POST',
  path: '/set-password',
  summary: 'Set a password on an account without one',
  errors: [ERRORS.userAlreadyHasPassword, ERRORS.passwordTooShort, ERRORS.passwordTooLong],
  response: statusResponse,
  body,
  session: 'required',
  credentialChange: true,
  serverOnly: true,
  async handler({ auth, body, session, headers, clientIp }) {
    // better-auth's order: the length first.
    checkPasswordLength(auth, body.newPassword);
    const userId = session.user.id;
    // Checked before hashing (cheap refusal) and again under the lock (two parallel calls).
    if ((await auth.accounts.findCredential(userId))?.password) throw new AuthError(ERRORS.userAlreadyHasPassword);
    // A credential row without a hash (left by an import, say) is completed rather than duplicated.
    const outcome = await auth.accounts.setPassword(userId, await hashPassword(body.newPassword), auth.now(), {
      onlyIfNone: true,
    });
    if (outcome === 'exists') throw new AuthError(ERRORS.userAlreadyHasPassword);
    emitEvent({ auth, headers, clientIp }, 'password-changed', { method: 'set-password', userId, actorUserId: userId });
    return { status: true };
  },
});
