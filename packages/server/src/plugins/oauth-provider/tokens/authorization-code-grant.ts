/**
 * @module grant_type=authorization_code (RFC 6749 §4.1.3, OAuth 2.1 §4.1.3, RFC 7636 §4.6): the
 * code is this client's, unexpired, redeemed once, at the redirect URI it was issued for, with the
 * PKCE verifier of its challenge; its user and the session it was issued in still exist (banning
 * a user ends their sessions, so a banned user's pending codes die with them). A second redemption
 * is refused and revokes everything the first one issued (RFC 6749 §4.1.2, RFC 9700 §4.5).
 */
import { isPublicClient } from '../clients/client';
import { fromJsonList } from '../json-list';
import { OAuthError } from '../oauth-error';
import { digestOf } from '../opaque-secret';
import { listParam, requiredParam, stringParam } from '../params';
import { requireGrantType, type GrantContext } from './grant-context';
import { prepareTokens, selectAudience, type PreparedTokens } from './issue';
import { redeemOnce, refuseReplay, type SpentCredential } from './redeem-once';
import { checkCodeVerifier } from './pkce';
import { findCodeByDigest, markCodeUsed, sessionIsLive } from './store';

export async function exchangeAuthorizationCode(grant: GrantContext): Promise<PreparedTokens> {
  const { auth, options, client, params } = grant;
  requireGrantType(client, 'authorization_code');
  const code = requiredParam(params, 'code');
  const row = await findCodeByDigest(auth, digestOf(code));
  if (!row) throw new OAuthError('invalid_grant', 'invalid code');
  const credential: SpentCredential = {
    spend: (trx) => markCodeUsed(trx, row.id, auth.now()),
    grantId: row.grantId,
    clientId: row.clientId,
    userId: row.userId,
    method: 'authorization_code',
    refusal: 'invalid code',
  };
  if (row.usedAt !== null) await refuseReplay(grant, credential);
  // Another client's code: whoever holds it cannot redeem it (RFC 6749 §4.1.3).
  if (row.clientId !== client.clientId) throw new OAuthError('invalid_grant', 'invalid client_id');
  if (row.expiresAt <= auth.now()) throw new OAuthError('invalid_grant', 'code has expired');
  const redirectUri = stringParam(params, 'redirect_uri');
  if (redirectUri === undefined) throw new OAuthError('invalid_request', 'redirect_uri is required');
  // The code was sent to this URI: any other proves nothing about who received it.
  if (redirectUri !== row.redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri mismatch');
  // Public clients, and clients registered to need it, must have bound the code with PKCE.
  if (row.codeChallenge === null && (isPublicClient(client) || client.requirePKCE))
    throw new OAuthError('invalid_grant', 'PKCE is required for this client');
  checkCodeVerifier(row.codeChallenge, stringParam(params, 'code_verifier'));

  const user = await auth.users.findById(row.userId);
  if (!user) throw new OAuthError('invalid_grant', 'user no longer exists');
  if (row.sessionId !== null && !(await sessionIsLive(auth, row.sessionId)))
    throw new OAuthError('invalid_grant', 'session no longer exists');

  const scopes = fromJsonList(row.scopes);
  const authorized = row.resources === null ? null : fromJsonList(row.resources);
  const offline = scopes.includes('offline_access');
  const prepared = await prepareTokens(auth, options, {
    client,
    userId: user.id,
    sessionId: row.sessionId,
    scopes,
    audience: selectAudience(options, listParam(params, 'resource'), authorized),
    grantId: row.grantId,
    referenceId: row.referenceId,
    authTime: row.authTime,
    accessTokenExpiresIn: options.accessTokenExpiresIn,
    ...(offline ? { refresh: { scopes, resources: authorized } } : {}),
    ...(scopes.includes('openid') ? { idToken: { nonce: row.nonce } } : {}),
  });
  return redeemOnce(grant, credential, prepared);
}
