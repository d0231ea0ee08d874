/**
 * @module POST /passkey/delete-passkey {id}: deletes one of the signed-in user's passkeys (another
 * account's is refused with better-auth's 401, an unknown id with its 404). Answers `{status: true}`.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, emitEvent, statusResponse } from '../../../plugin';
import { PASSKEY_ERRORS } from '../errors';
import { deletePasskeyOf, findPasskeyById } from '../store';

const body = z.object({ id: z.string().min(1) });

export function deletePasskey() {
  return defineEndpoint({
    id: 'deletePasskey',
    method: 'POST',
    path: '/passkey/delete-passkey',
    summary: 'Delete a passkey',
    errors: [PASSKEY_ERRORS.passkeyNotFound, PASSKEY_ERRORS.youAreNotAllowedToRegisterThisPasskey],
    body,
    response: statusResponse,
    session: 'required',
    credentialChange: true,
    async handler(ctx) {
      const { auth, body, session } = ctx;
      const passkey = await findPasskeyById(auth, body.id);
      if (!passkey) throw new AuthError(PASSKEY_ERRORS.passkeyNotFound);
      if (passkey.userId !== session.user.id) throw new AuthError(PASSKEY_ERRORS.youAreNotAllowedToRegisterThisPasskey);
      // A concurrent delete of the same passkey tells its removal once.
      if (await deletePasskeyOf(auth, passkey.id, session.user.id)) {
        emitEvent(ctx, 'passkey-removed', {
          userId: session.user.id,
          actorUserId: session.user.id,
          detail: { passkeyId: passkey.id },
        });
      }
      return { status: true };
    },
  });
}
