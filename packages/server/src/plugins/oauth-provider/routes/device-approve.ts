/**
 * @module POST /device/approve {userCode} (RFC 8628 §3.3): the user who claimed the request on
 * the verification page approves it; the device's next poll collects the tokens. Records the
 * consent, as the consent page does. Answers better-auth's `{success: true}`.
 */
import { z } from 'zod';
import { defineEndpoint, emitEvent } from '../../../plugin';
import { grantConsent } from '../consents/store';
import { decideDeviceRequest } from '../device/decide';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import { fromJsonList } from '../json-list';

export function deviceApprove() {
  return defineEndpoint({
    id: 'deviceApprove',
    method: 'POST',
    path: '/device/approve',
    summary: 'Approve a device authorization',
    body: z.object({ userCode: z.string().min(1) }),
    session: 'required',
    // Guessing user codes (device/user-code.ts weighs their entropy against this limit).
    rateLimit: 'strict',
    response: z.object({ success: z.literal(true) }),
    errors: [
      OAUTH_PROVIDER_ERRORS.invalidUserCode,
      OAUTH_PROVIDER_ERRORS.expiredUserCode,
      OAUTH_PROVIDER_ERRORS.deviceCodeAlreadyProcessed,
      OAUTH_PROVIDER_ERRORS.deviceCodeNotClaimed,
      OAUTH_PROVIDER_ERRORS.notAllowedToApproveDevice,
    ],
    async handler(ctx) {
      const { auth, session } = ctx;
      const { row, client } = await decideDeviceRequest(auth, session, ctx.body.userCode, 'approved');
      const scopes = fromJsonList(row.scopes);
      await grantConsent(
        auth,
        { clientId: client.clientId, userId: session.user.id, referenceId: row.referenceId },
        scopes,
      );
      emitEvent(ctx, 'oauth-device-approved', {
        userId: session.user.id,
        actorUserId: session.user.id,
        detail: { clientId: client.clientId, scope: scopes.join(' ') },
      });
      return { success: true as const };
    },
  });
}
