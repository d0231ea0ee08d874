/**
 * @module POST /change-password {newPassword, currentPassword, revokeOtherSessions?} → {token,
 * user}. The current password must be given even with a valid session, so a borrowed or stolen
 * session cannot lock the owner out. With `revokeOtherSessions` every session of the user ends,
 * the current one too, and a new one (new cookies) replaces it: a token that leaked before the
 * change is worthless after it.
 */
import { z } from 'zod';
import { hashPassword, verifyPassword } from '../crypto/password';
import { emitEvent } from '../events/emit-event';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { AuthError, ERRORS } from '../endpoint/errors';
import { afterPasswordChanged } from '../plugin/run-hooks';
import { deviceSignInThrottle, emitLockout, signInThrottle } from '../sign-in/account-lockout';
import { createSession } from '../session/create-session';
import { readDeviceCookie } from '../sign-in/device-cookie';
import { readDontRemember } from '../session/session-cookies';
import { passwordField } from '../validation/fields';
import { checkPasswordLength } from '../validation/password-policy';
import { tokenUserResponse } from '../endpoint/responses';

const body = z.object({
  newPassword: passwordField,
  currentPassword: passwordField,
  revokeOtherSessions: z.boolean().optional(),
});

export const changePassword = defineEndpoint({
  id: 'changePassword',
  method: 'POST',
  path: '/change-password',
  summary: 'Change the password',
  errors: [ERRORS.credentialAccountNotFound, ERRORS.invalidPassword, ERRORS.passwordTooShort, ERRORS.passwordTooLong],
  response: tokenUserResponse,
  body,
  session: 'required',
  credentialChange: true,
  rateLimit: 'strict',
  async handler(ctx) {
    const { auth, body, session } = ctx;
    const { user } = session;
    // better-auth's order: the new password's length first, before any Argon2 work.
    checkPasswordLength(auth, body.newPassword);
    const account = await auth.accounts.findCredential(user.id);
    if (!account?.password) throw new AuthError(ERRORS.credentialAccountNotFound);

    // Guesses of the current password count with the sign-in guesses of the account (its e-mail's
    // count and the account's own): the per-client rate limit alone would let a stolen session,
    // spread over many addresses, search for the password. The owner's own browser (its device
    // cookie) has its own budget, as at sign-in, so strangers' guesses do not block the change.
    const device = readDeviceCookie(auth, ctx.requestCookies);
    const throttle = device?.isFor(user.id)
      ? deviceSignInThrottle(auth, device.nonce)
      : signInThrottle(auth, `email:${user.email}`, user.id);
    await throttle.assertOpen();
    const who = { userId: user.id, actorUserId: user.id };
    if (!(await verifyPassword(account.password, body.currentPassword))) {
      emitLockout(ctx, await throttle.failed(), { method: 'change-password', userId: user.id });
      emitEvent(ctx, 'password-changed', { ...who, outcome: 'failure', detail: { code: ERRORS.invalidPassword.code } });
      throw new AuthError(ERRORS.invalidPassword);
    }
    await throttle.succeeded();

    await auth.accounts.updatePassword(account.id, await hashPassword(body.newPassword), auth.now());
    emitEvent(ctx, 'password-changed', { ...who, detail: { otherSessionsRevoked: body.revokeOtherSessions === true } });
    await afterPasswordChanged(auth, user.id, { revokeOthers: body.revokeOtherSessions === true });
    if (!body.revokeOtherSessions) return { token: null, user };
    await auth.sessions.deleteByUser(user.id);
    // The new session keeps the "don't remember me" choice of the one it replaces.
    const current = await createSession(ctx, user, { dontRemember: readDontRemember(auth, ctx.requestCookies) });
    return { token: current.token, user };
  },
});
