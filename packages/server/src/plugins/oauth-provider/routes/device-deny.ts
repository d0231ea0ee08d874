/**
 * @module POST /device/deny {userCode} (RFC 8628 §3.3): the user who claimed the request on the
 * verification page refuses it; the device's next poll hears `access_denied`. Answers
 * better-auth's `{success: true}`.
 */
import { z } from 'zod';
import { defineEndpoint, emitEvent } from '../../../plugin';
import { decideDeviceRequest } from '../device/decide';
import { OAUTH_PROVIDER_ERRORS } from '../errors';

export function deviceDeny() {
  return defineEndpoint({
    id: 'deviceDeny',
    method: 'POST',
    path: '/device/deny',
    summary: 'Deny a device authorization',
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
      OAUTH_PROVIDER_ERRORS.notAllowedToDenyDevice,
    ],
    async handler(ctx) {
      const { auth, session } = ctx;
      const { client } = await decideDeviceRequest(auth, session, ctx.body.userCode, 'denied');
      emitEvent(ctx, 'oauth-device-denied', {
        userId: session.user.id,
        actorUserId: session.user.id,
        detail: { clientId: client.clientId },
      });
      return { success: true as const };
    },
  });
}
