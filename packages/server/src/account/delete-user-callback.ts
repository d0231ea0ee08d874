/**
 * @module GET /delete-user/callback?token&callbackURL: the link of the delete-account mail. It
 * deletes the account and lands on `callbackURL` (302), or answers `{success, message}` without
 * one. Failures redirect to `callbackURL?error=unauthorized | invalid_token | token_expired`, or
 * answer the matching JSON error.
 *
 * The link works only in a browser signed in as the account it deletes, as in better-auth. The
 * token alone would prove control of the mailbox, and it was issued after the holder
 * re-authenticated; but a GET that destroys an account must not be reachable by whatever else
 * opens links in mails: the link scanners and previewers of mail providers fetch them without the
 * user's cookies, and a link leaked from a forwarded mail or a log carries no session either.
 * The price is small: on another device the holder signs in and opens the link again (the app
 * shows `error=unauthorized`). Without a session, or with another user's, the token is not even
 * looked at, so it stays usable and says nothing to whoever holds it.
 *
 * With the session required, `user_not_found` cannot arise: the session proves the user exists,
 * and a deleted user's tokens are deleted with it.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { AuthError, ERRORS, type ErrorEntry } from '../endpoint/errors';
import { readCurrentSession } from '../session/current-session';
import { deleteUserAccount, redeemDeleteAccountToken } from './delete-user-account';
import { redirectUrl } from '../validation/fields';
import { locationOf, redirect } from '../http/redirect';
import { successMessageResponse } from '../endpoint/responses';

const query = z.object({
  token: z.string().max(256),
  callbackURL: redirectUrl(ERRORS.invalidCallbackURL).optional(),
});

/** The `error=` codes the link's landing page may receive, and the entry answered without one. */
const FAILURES = {
  unauthorized: ERRORS.unauthorized,
  invalid_token: ERRORS.unknownDeleteAccountToken,
  token_expired: ERRORS.tokenExpired,
} satisfies Record<string, ErrorEntry>;

type Failure = keyof typeof FAILURES;

export const deleteUserCallback = defineEndpoint({
  id: 'deleteUserCallback',
  method: 'GET',
  path: '/delete-user/callback',
  summary: 'Confirm account deletion (mailed link)',
  errors: [ERRORS.notFound, ERRORS.unauthorized, ERRORS.unknownDeleteAccountToken, ERRORS.tokenExpired],
  response: [successMessageResponse, 'redirect'],
  query,
  async handler({ auth, query, requestCookies, cookies, headers, clientIp }) {
    if (!auth.options.deleteUser.enabled) throw new AuthError(ERRORS.notFound);
    const fail = (reason: Failure) => {
      if (query.callbackURL === undefined) throw new AuthError(FAILURES[reason]);
      return redirect(locationOf(query.callbackURL, auth.options.baseOrigin, { error: reason }));
    };

    // From the database: a cookie cache may vouch for a session revoked up to a minute ago.
    const current = await readCurrentSession(auth, requestCookies, cookies, { disableCookieCache: true });
    if (!current) return fail('unauthorized');
    const outcome = await redeemDeleteAccountToken(auth, query.token, current.user.id);
    if (outcome === 'other-user') return fail('unauthorized');
    if (outcome === 'expired') return fail('token_expired');
    if (outcome === 'invalid') return fail('invalid_token');

    await deleteUserAccount({ auth, cookies, headers, clientIp }, current.user.id, 'mail');
    return query.callbackURL === undefined
      ? { success: true, message: 'User deleted' }
      : redirect(locationOf(query.callbackURL, auth.options.baseOrigin));
  },
});
