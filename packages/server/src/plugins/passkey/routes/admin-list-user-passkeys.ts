/**
 * @module POST /admin/list-user-passkeys {userId}: another user's passkeys for the admin console's
 * user page, oldest first, as `{passkeys}` without the public keys (nothing an admin reads there).
 * Latchkey's own route; who may call it is the host's decision (`mayManageUserPasskeys`).
 */
import { z } from 'zod';
import { AuthError, ERRORS, defineEndpoint } from '../../../plugin';
import { PASSKEY_ERRORS } from '../errors';
import type { ResolvedPasskeyOptions } from '../options';
import { passkeyResponse } from '../responses';
import { listPasskeysOf } from '../store';

const body = z.object({ userId: z.string().min(1).max(255) });

const adminPasskeyResponse = passkeyResponse.omit({ publicKey: true });

export function adminListUserPasskeys(options: ResolvedPasskeyOptions) {
  return defineEndpoint({
    id: 'adminListUserPasskeys',
    method: 'POST',
    path: '/admin/list-user-passkeys',
    summary: "List a user's passkeys (admin)",
    body,
    session: 'required',
    // A privilege decision: the role must be the database's, not a cache up to a minute old.
    sessionFromDatabase: true,
    errors: [PASSKEY_ERRORS.notAllowedToListUserPasskeys, ERRORS.userNotFound],
    response: z.object({ passkeys: z.array(adminPasskeyResponse) }),
    async handler({ auth, body, session }) {
      if (!(await options.mayManageUserPasskeys(session.user, 'list', auth))) {
        throw new AuthError(PASSKEY_ERRORS.notAllowedToListUserPasskeys);
      }
      if (!(await auth.users.findById(body.userId))) throw new AuthError(ERRORS.userNotFound);
      const passkeys = await listPasskeysOf(auth, body.userId);
      return { passkeys: passkeys.map(({ publicKey: _publicKey, ...passkey }) => passkey) };
    },
  });
}
