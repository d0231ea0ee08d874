/**
 * @module GET /device?user_code= (RFC 8628 §3.3): the verification page shows the signed-in user
 * which client asks for what. Looking the code up claims the request for this user when nobody
 * has, so only they may approve or deny it; another user's claimed request is refused. Answers
 * better-auth's fields (the user code, the status, the client id, the scope, the resources) and
 * the client as the consent page shows it.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin';
import { toPublicClientResponse } from '../clients/client-response';
import { claimDeviceCode } from '../device/store';
import { displayUserCode } from '../device/user-code';
import { liveDeviceRequest } from '../device/verification';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import { fromJsonList } from '../json-list';

const answer = z.object({
  user_code: z.string(),
  status: z.enum(['pending', 'approved', 'denied']),
  client_id: z.string(),
  scope: z.string(),
  resource: z.union([z.string(), z.array(z.string())]).optional(),
  client: z.object({ client_id: z.string() }).loose(),
});

export function deviceVerify() {
  return defineEndpoint({
    id: 'deviceVerify',
    method: 'GET',
    path: '/device',
    summary: 'Look up a device user code',
    query: z.object({ user_code: z.string().min(1) }),
    session: 'required',
    // Guessing user codes (device/user-code.ts weighs their entropy against this limit).
    rateLimit: 'strict',
    response: answer,
    errors: [
      OAUTH_PROVIDER_ERRORS.invalidUserCode,
      OAUTH_PROVIDER_ERRORS.expiredUserCode,
      OAUTH_PROVIDER_ERRORS.deviceRequestOfAnotherUser,
    ],
    async handler({ auth, query, session }): Promise<z.infer<typeof answer>> {
      const { row, client } = await liveDeviceRequest(auth, query.user_code);
      const userId = session.user.id;
      // First come: the claim is conditional, so of two users entering one code only one gets it.
      if (row.userId === null && row.status === 'pending' && (await claimDeviceCode(auth, row.id, userId)))
        row.userId = userId;
      // A code read over someone's shoulder must not show their request to, nor let it be decided by, another.
      if (row.userId !== userId) throw new AuthError(OAUTH_PROVIDER_ERRORS.deviceRequestOfAnotherUser);
      const resources = row.resources === null ? [] : fromJsonList(row.resources);
      return {
        user_code: displayUserCode(row.userCode),
        // A redeemed request was approved: the page need not know the device has collected it.
        status: row.status === 'redeemed' ? 'approved' : row.status,
        client_id: client.clientId,
        scope: fromJsonList(row.scopes).join(' '),
        ...(resources.length ? { resource: resources.length === 1 ? resources[0] : resources } : {}),
        client: { client_id: client.clientId, ...toPublicClientResponse(client) },
      };
    },
  });
}
