/**
 * @module POST /two-factor/forget-trusted-device {id}: one of the signed-in user's trusted
 * browsers asks the second step again at its next sign-in. Only the user's own: another's id is
 * answered as a missing one. Forgetting the browser asking clears its cookie too.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, statusResponse } from '../../../plugin';
import { TWO_FACTOR_ERRORS } from '../errors';
import { clearTrustedDeviceCookie, currentDeviceKey, forgetTrustedDevice } from '../trusted-device';

const body = z.object({ id: z.string().min(1).max(255) });

export const forgetTrustedDeviceRoute = defineEndpoint({
  id: 'forgetTrustedDevice',
  method: 'POST',
  path: '/two-factor/forget-trusted-device',
  summary: 'Forget a trusted device',
  body,
  session: 'required',
  errors: [TWO_FACTOR_ERRORS.trustedDeviceNotFound],
  response: statusResponse,
  async handler(ctx) {
    const { auth, body, session } = ctx;
    const forgotten = await forgetTrustedDevice(auth, session.user.id, body.id);
    if (!forgotten) throw new AuthError(TWO_FACTOR_ERRORS.trustedDeviceNotFound);
    if (forgotten.tokenHash === currentDeviceKey(ctx)) clearTrustedDeviceCookie(ctx);
    return { status: true };
  },
});
