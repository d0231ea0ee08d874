/**
 * @module GET /passkey/list-user-passkeys: the signed-in user's passkeys, oldest first, every
 * column as better-auth answers them.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import { listPasskeysOf } from '../store';
import { passkeyResponse } from '../responses';

export function listUserPasskeys() {
  return defineEndpoint({
    id: 'listPasskeys',
    method: 'GET',
    path: '/passkey/list-user-passkeys',
    summary: "List the user's passkeys",
    response: z.array(passkeyResponse),
    session: 'required',
    handler: ({ auth, session }) => listPasskeysOf(auth, session.user.id),
  });
}
