/**
 * @module POST /delete-user {callbackURL?, password?, token?}: deletes the caller's account.
 * The caller proves it is still the account holder with the password or a fresh session; with
 * `sendDeleteAccountVerification` the deletion then waits for the link mailed to the account's
 * address (GET /delete-user/callback), or for its token sent back here. The route does not exist
 * unless `user.deleteUser.enabled` is set.
 */
import { z } from 'zod';
import type { AuthContext } from '../auth/context';
import { verifyPassword } from '../crypto/password';
import type { User } from '../db/records';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { AuthError, ERRORS } from '../endpoint/errors';
import { deleteAccountMail } from '../mail/templates';
import { requestLanguage, type ServerLanguage } from '../i18n/request-language';
import { DEFAULTS } from '../auth/options';
import type { CurrentSession } from '../session/current-session';
import { deleteUserAccount, redeemDeleteAccountToken } from './delete-user-account';
import { passwordField, redirectUrl } from '../validation/fields';
import { authLink } from '../verification/links';
import { issueToken } from '../verification/one-time-token';
import { sendMail } from '../mail/send-mail';
import { successMessageResponse } from '../endpoint/responses';

const body = z.object({
  /** Where the mailed link lands after the deletion. */
  callbackURL: redirectUrl(ERRORS.invalidCallbackURL).optional(),
  password: passwordField.optional(),
  token: z.string().max(256).optional(),
});

const USER_DELETED = { success: true, message: 'User deleted' } as const;

async function assertPassword(auth: AuthContext, userId: string, password: string): Promise<void> {
  const credential = await auth.accounts.findCredential(userId);
  if (!credential?.password) throw new AuthError(ERRORS.credentialAccountNotFound);
  if (!(await verifyPassword(credential.password, password))) throw new AuthError(ERRORS.invalidPassword);
}

/** Same rule as the 'fresh' guard, but answered with better-auth's entry for this route. */
function assertFresh(auth: AuthContext, current: CurrentSession): void {
  const { freshAge } = auth.options.session;
  if (freshAge > 0 && auth.now().getTime() - current.session.createdAt.getTime() > freshAge * 1000) {
    throw new AuthError(ERRORS.sessionExpired);
  }
}

async function mailConfirmation(
  auth: AuthContext,
  user: User,
  callbackURL: string | undefined,
  language: ServerLanguage,
): Promise<void> {
  if (!auth.mailer) throw new AuthError(ERRORS.verificationEmailNotEnabled);
  const token = await issueToken(
    auth,
    'delete-account',
    { userId: user.id },
    {
      expiresIn: DEFAULTS.deleteAccountTokenExpiresIn,
      length: DEFAULTS.deleteAccountTokenLength,
    },
  );
  const url = authLink(auth, '/delete-user/callback', { token, callbackURL });
  await sendMail(auth, auth.mailer, {
    kind: 'delete-account',
    to: { userId: user.id },
    requestLanguage: language,
    render: (chosen) => deleteAccountMail(user.email, user.name, url, chosen),
  });
}

export const deleteUser = defineEndpoint({
  id: 'deleteUser',
  method: 'POST',
  path: '/delete-user',
  summary: 'Delete the account',
  errors: [
    ERRORS.notFound,
    ERRORS.credentialAccountNotFound,
    ERRORS.invalidPassword,
    ERRORS.sessionExpired,
    ERRORS.verificationEmailNotEnabled,
    ERRORS.invalidToken,
  ],
  response: successMessageResponse,
  body,
  session: 'required',
  credentialChange: true,
  // A wrong password is answered as such: the strict tier keeps a stolen session from becoming a
  // fast password oracle.
  rateLimit: 'strict',
  async handler({ auth, body, session, cookies, headers, clientIp }) {
    if (!auth.options.deleteUser.enabled) throw new AuthError(ERRORS.notFound);
    const { user } = session;
    if (body.password !== undefined) await assertPassword(auth, user.id, body.password);

    // The token was mailed only after the holder proved itself, so it stands in for that proof
    // (a fresh session would be too much to ask of a link that lives a day).
    if (body.token !== undefined) {
      if ((await redeemDeleteAccountToken(auth, body.token, user.id)) !== 'valid')
        throw new AuthError(ERRORS.invalidToken);
      await deleteUserAccount({ auth, cookies, headers, clientIp }, user.id, 'mail');
      return USER_DELETED;
    }

    // Asked before the mail too (better-auth mails first): the mail proves control of the mailbox,
    // not that the person at this session is still the account holder.
    if (body.password === undefined) assertFresh(auth, session);

    if (auth.options.deleteUser.sendDeleteAccountVerification) {
      await mailConfirmation(auth, user, body.callbackURL, requestLanguage(headers));
      return { success: true, message: 'Verification email sent' };
    }
    const confirmedBy = body.password === undefined ? 'fresh-session' : 'password';
    await deleteUserAccount({ auth, cookies, headers, clientIp }, user.id, confirmedBy);
    return USER_DELETED;
  },
});
