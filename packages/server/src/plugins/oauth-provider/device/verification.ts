/**
 * @module What the verification page's routes share: the request a typed user code names, while
 * it is live, with its client. Unknown and expired codes answer better-auth's errors; a request
 * whose client is gone or disabled is answered as unknown, so nobody is asked to approve it.
 */
import { AuthError, type PluginHost } from '../../../plugin';
import { findClient, type OAuthClient } from '../clients/client';
import { OAUTH_PROVIDER_ERRORS } from '../errors';
import type { OAuthDeviceCodeTable } from '../schema';
import { findDeviceCodeByUserCode } from './store';
import { normalizeUserCode } from './user-code';

export interface DeviceRequest {
  readonly row: OAuthDeviceCodeTable;
  readonly client: OAuthClient;
}

export async function liveDeviceRequest(auth: PluginHost, typed: string): Promise<DeviceRequest> {
  const row = await findDeviceCodeByUserCode(auth, normalizeUserCode(typed));
  if (!row) throw new AuthError(OAUTH_PROVIDER_ERRORS.invalidUserCode);
  if (row.expiresAt <= auth.now()) throw new AuthError(OAUTH_PROVIDER_ERRORS.expiredUserCode);
  const client = await findClient(auth, row.clientId);
  if (!client || client.disabled) throw new AuthError(OAUTH_PROVIDER_ERRORS.invalidUserCode);
  return { row, client };
}

/**
 * The checks approving and denying share, in better-auth's order: still pending, claimed on the
 * page (so the user saw what they decide), and claimed by this user.
 */
export function assertDecidable(row: OAuthDeviceCodeTable, userId: string, notYours: AuthError): void {
  if (row.status !== 'pending') throw new AuthError(OAUTH_PROVIDER_ERRORS.deviceCodeAlreadyProcessed);
  if (row.userId === null) throw new AuthError(OAUTH_PROVIDER_ERRORS.deviceCodeNotClaimed);
  // A user code someone else claimed: deciding it would grant (or refuse) their device for them.
  if (row.userId !== userId) throw notYours;
}
