/**
 * @module POST /passkey/update-passkey {id, name}: renames one of the signed-in user's passkeys.
 * Another account's passkey is refused with better-auth's 401, an unknown id with its 404.
 * Answers `{passkey}`.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin';
import { PASSKEY_ERRORS } from '../errors';
import { findPasskeyById, renamePasskey } from '../store';
import { passkeyResponse } from '../responses';

const body = z.object({ id: z.string().min(1), name: z.string().trim().min(1).max(256) });

export function updatePasskey() {
  return defineEndpoint({
    id: 'updatePasskey',
    method: 'POST',
    path: '/passkey/update-passkey',
    summary: 'Rename a passkey',
    errors: [PASSKEY_ERRORS.passkeyNotFound, PASSKEY_ERRORS.youAreNotAllowedToRegisterThisPasskey],
    body,
    response: z.object({ passkey: passkeyResponse }),
    session: 'required',
    async handler({ auth, body, session }) {
      const passkey = await findPasskeyById(auth, body.id);
      if (!passkey) throw new AuthError(PASSKEY_ERRORS.passkeyNotFound);
      if (passkey.userId !== session.user.id) throw new AuthError(PASSKEY_ERRORS.youAreNotAllowedToRegisterThisPasskey);
      await renamePasskey(auth, passkey.id, session.user.id, body.name);
      return { passkey: { ...passkey, name: body.name } };
    },
  });
}
