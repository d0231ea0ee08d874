/**
 * @module GET /reset-password/:token?callbackURL: the link of the reset mail. It only checks the
 * token (the POST /reset-password that follows uses it up) and hands it to the application's
 * reset page: 302 to `callbackURL?token=…`, or `callbackURL?error=INVALID_TOKEN` when the token
 * is unknown, used or expired — the same answer for all three, as in better-auth.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint/define-endpoint';
import { ERRORS } from '../endpoint/errors';
import { redirectUrl } from '../validation/fields';
import { checkToken } from '../verification/one-time-token';
import { locationOf, redirect } from '../http/redirect';

// Required, as in better-auth: without a page to land on the link has nowhere to go (400).
const query = z.object({ callbackURL: redirectUrl(ERRORS.invalidCallbackURL) });

export const resetPasswordCallback = defineEndpoint({
  id: 'resetPasswordCallback',
  method: 'GET',
  path: '/reset-password/:token',
  summary: 'Open a password reset link',
  response: 'redirect',
  query,
  async handler({ auth, params, query }) {
    const token = params.token ?? '';
    const found = await checkToken(auth, 'reset-password', token);
    const outcome: Record<string, string> = found.status === 'valid' ? { token } : { error: 'INVALID_TOKEN' };
    const location = locationOf(query.callbackURL, auth.options.baseOrigin, outcome);
    return redirect(location);
  },
});
