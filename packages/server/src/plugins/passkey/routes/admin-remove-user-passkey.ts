/**
 * @module POST /admin/remove-user-passkey {userId, passkeyId}: an administrator deletes one of a
 * user's passkeys (a lost or shared device). Nothing else ends: a session the passkey opened stays,
 * as when the user deletes it. Latchkey's own route; who may call it is the host's decision
 * (`mayManageUserPasskeys`, then `mayRemovePasskeysOf` for this user). Audited as `passkey-removed`
 * with the administrator as actor. One's own passkeys are deleted from Account → Security.
 */
import { z } from 'zod';
import { AuthError, ERRORS, defineEndpoint, emitEvent, statusResponse } from '../../../plugin';
import { PASSKEY_ERRORS } from '../errors';
import type { ResolvedPasskeyOptions } from '../options';
import { deletePasskeyOf, findPasskeyById } from '../store';

const body = z.object({ userId: z.string().min(1).max(255), passkeyId: z.string().min(1).max(255) });

export function adminRemoveUserPasskey(options: ResolvedPasskeyOptions) {
  return defineEndpoint({
    id: 'adminRemoveUserPasskey',
    method: 'POST',
    path: '/admin/remove-user-passkey',
    summary: "Remove a user's passkey (admin)",
    body,
    session: 'required',
    sessionFromDatabase: true,
    errors: [
      PASSKEY_ERRORS.notAllowedToRemoveUserPasskeys,
      ERRORS.userNotFound,
      PASSKEY_ERRORS.notAllowedToRemoveThisUsersPasskeys,
      PASSKEY_ERRORS.passkeyNotFound,
    ],
    response: statusResponse,
    async handler(ctx) {
      const { auth, body, session } = ctx;
      if (!(await options.mayManageUserPasskeys(session.user, 'delete', auth))) {
        throw new AuthError(PASSKEY_ERRORS.notAllowedToRemoveUserPasskeys);
      }
      const target = await auth.users.findById(body.userId);
      if (!target) throw new AuthError(ERRORS.userNotFound);
      // Without the passkey, a password set by the same hand is the only way in: the host's reach
      // rule decides whose sign-in this caller may change.
      if (!(await options.mayRemovePasskeysOf(session.user, target, auth))) {
        throw new AuthError(PASSKEY_ERRORS.notAllowedToRemoveThisUsersPasskeys);
      }
      const passkey = await findPasskeyById(auth, body.passkeyId);
      // Another user's passkey is "not found" here: the id named none of this user's.
      if (passkey?.userId !== target.id) throw new AuthError(PASSKEY_ERRORS.passkeyNotFound);
      if (await deletePasskeyOf(auth, passkey.id, target.id)) {
        emitEvent(ctx, 'passkey-removed', {
          userId: target.id,
          actorUserId: session.user.id,
          detail: { passkeyId: passkey.id },
        });
      }
      return { status: true };
    },
  });
}
