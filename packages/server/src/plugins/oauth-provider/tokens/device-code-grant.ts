/**
 * @module grant_type=urn:ietf:params:oauth:grant-type:device_code (RFC 8628 §3.4, §3.5): the
 * device polls with its device code until the user has decided on the verification page. It hears
 * `authorization_pending` until then, `slow_down` when it polls faster than its interval (which
 * then grows by 5 seconds), `access_denied` once denied, `expired_token` once the request has
 * expired; once approved, the tokens the authorization code grant would issue. A device code is
 * redeemed once; presented again it is refused and revokes what it issued, as a replayed
 * authorization code does (RFC 9700 §4.5). Messages are better-auth's.
 */
import {
  findDeviceCodeByDigest,
  liveSessionStart,
  markDeviceCodeRedeemed,
  recordPoll,
  slowDown,
} from '../device/store';
import { fromJsonList } from '../json-list';
import { OAuthError } from '../oauth-error';
import { digestOf } from '../opaque-secret';
import { listParam, requiredParam } from '../params';
import type { OAuthDeviceCodeTable } from '../schema';
import { requireGrantType, type GrantContext } from './grant-context';
import { prepareTokens, selectAudience, type PreparedTokens } from './issue';
import { redeemOnce, refuseReplay, type SpentCredential } from './redeem-once';

export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

const INVALID_DEVICE_CODE = 'Invalid device code';

export async function exchangeDeviceCode(grant: GrantContext): Promise<PreparedTokens> {
  const { auth, options, client, params } = grant;
  requireGrantType(client, DEVICE_CODE_GRANT);
  const row = await findDeviceCodeByDigest(auth, digestOf(requiredParam(params, 'device_code')));
  if (!row) throw new OAuthError('invalid_grant', INVALID_DEVICE_CODE);
  // Another client's device code: whoever holds it cannot redeem it, nor learn its state.
  if (row.clientId !== client.clientId) throw new OAuthError('invalid_grant', 'Client ID mismatch');
  const credential: SpentCredential = {
    spend: (trx) => markDeviceCodeRedeemed(trx, row.id),
    grantId: row.grantId,
    clientId: row.clientId,
    userId: row.userId,
    method: DEVICE_CODE_GRANT,
    refusal: INVALID_DEVICE_CODE,
  };
  if (row.status === 'redeemed') await refuseReplay(grant, credential);
  const now = auth.now();
  if (row.expiresAt <= now) throw new OAuthError('expired_token', 'Device code has expired');
  await keepToInterval(grant, row, now);
  if (row.status === 'pending') throw new OAuthError('authorization_pending', 'Authorization pending');
  if (row.status === 'denied') throw new OAuthError('access_denied', 'Access denied');

  // Approved: by this user, from this session (decideDeviceCode sets both).
  const user = row.userId === null ? null : await auth.users.findById(row.userId);
  if (!user) throw new OAuthError('invalid_grant', 'user no longer exists');
  // Tokens are bound to the approving session; one that has ended (a sign-out, a ban) approves nothing.
  const authTime = row.sessionId === null ? null : await liveSessionStart(auth, row.sessionId);
  if (!authTime) throw new OAuthError('invalid_grant', 'session no longer exists');

  const scopes = fromJsonList(row.scopes);
  const authorized = row.resources === null ? null : fromJsonList(row.resources);
  const prepared = await prepareTokens(auth, options, {
    client,
    userId: user.id,
    sessionId: row.sessionId,
    scopes,
    audience: selectAudience(options, listParam(params, 'resource'), authorized),
    grantId: row.grantId,
    // The organization chosen at approval, as an authorization code carries it.
    referenceId: row.referenceId,
    authTime,
    accessTokenExpiresIn: options.accessTokenExpiresIn,
    ...(scopes.includes('offline_access') ? { refresh: { scopes, resources: authorized } } : {}),
    ...(scopes.includes('openid') ? { idToken: { nonce: null } } : {}),
  });
  return redeemOnce(grant, credential, prepared);
}

/**
 * RFC 8628 §3.5: a device that polls before its interval has passed is told `slow_down`, and its
 * interval grows by 5 seconds; a device that ignored it would otherwise poll the server at will.
 */
async function keepToInterval(grant: GrantContext, row: OAuthDeviceCodeTable, now: Date): Promise<void> {
  const { auth } = grant;
  const tooSoon = row.lastPolledAt !== null && now.getTime() - row.lastPolledAt.getTime() < row.pollingInterval * 1000;
  // The conditional update makes two concurrent polls count as two: the second is too soon.
  if (!tooSoon && (await recordPoll(auth, row, now))) return;
  await slowDown(auth, row.id, now);
  throw new OAuthError('slow_down', 'Polling too frequently');
}
