/**
 * @module Approving or denying a device's request from the verification page: the signed-in user
 * who claimed it decides it once, from their session (the tokens are bound to it).
 */
import { AuthError, type CurrentSession, type PluginHost } from '../../../plugin';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import { fromJsonList } from '../json-list';
import { grantReference } from '../organization/claims';
import { decideDeviceCode } from './store';
import { assertDecidable, liveDeviceRequest, type DeviceRequest } from './verification';

export async function decideDeviceRequest(
  auth: PluginHost,
  session: CurrentSession,
  typed: string,
  status: 'approved' | 'denied',
): Promise<DeviceRequest> {
  const request = await liveDeviceRequest(auth, typed);
  const notYours = new AuthError(
    status === 'approved'
      ? OAUTH_PROVIDER_ERRORS.notAllowedToApproveDevice
      : OAUTH_PROVIDER_ERRORS.notAllowedToDenyDevice,
  );
  assertDecidable(request.row, session.user.id, notYours);
  // As the consent page does: the organization active in the approving session, when asked for.
  const referenceId =
    status === 'approved' ? await grantReference(auth, session, fromJsonList(request.row.scopes)) : null;
  const decided = await decideDeviceCode(auth, request.row, {
    userId: session.user.id,
    sessionId: session.session.id,
    status,
    referenceId,
  });
  // Decided meanwhile by a concurrent call: the first decision stands.
  if (!decided) throw new AuthError(OAUTH_PROVIDER_ERRORS.deviceCodeAlreadyProcessed);
  return { ...request, row: { ...request.row, referenceId } };
}
