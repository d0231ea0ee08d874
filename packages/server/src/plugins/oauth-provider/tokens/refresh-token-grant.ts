/**
 * @module grant_type=refresh_token (RFC 6749 §6, OAuth 2.1 §4.3): the token is this client's,
 * live, and used once. Each use rotates it: a new refresh token of the same grant, with the same
 * scopes (RFC 6749 §6), and the old one marked rotated. A rotated or revoked token presented again
 * is a replay, by the thief or by the client it was stolen from: the whole family (every token of
 * its grant) is revoked (RFC 9700 §4.14.2). The access token's scope may be narrowed, not widened.
 */
import { fromJsonList, scopesOf } from '../json-list';
import { OAuthError } from '../oauth-error';
import { digestOf } from '../opaque-secret';
import { listParam, requiredParam, stringParam } from '../params';
import { requireGrantType, type GrantContext } from './grant-context';
import { prepareTokens, selectAudience, type PreparedTokens } from './issue';
import { redeemOnce, refuseReplay, type SpentCredential } from './redeem-once';
import { findRefreshToken, markRefreshRotated } from './store';

export async function exchangeRefreshToken(grant: GrantContext): Promise<PreparedTokens> {
  const { auth, options, client, params } = grant;
  requireGrantType(client, 'refresh_token');
  const row = await findRefreshToken(auth, digestOf(requiredParam(params, 'refresh_token')));
  if (!row) throw new OAuthError('invalid_grant', 'invalid refresh token');
  // Another client's token is refused without touching it: its presenter may be the thief, but
  // revoking on its say would let any client end another's grant.
  if (row.clientId !== client.clientId) throw new OAuthError('invalid_grant', 'invalid refresh token');
  const credential: SpentCredential = {
    spend: (trx) => markRefreshRotated(trx, row.id, auth.now()),
    grantId: row.grantId,
    clientId: row.clientId,
    userId: row.userId,
    method: 'refresh_token',
    refusal: 'invalid refresh token',
  };
  if (row.revoked !== null || row.rotatedAt !== null) await refuseReplay(grant, credential);
  if (row.expiresAt <= auth.now()) throw new OAuthError('invalid_grant', 'invalid refresh token');

  const granted = fromJsonList(row.scopes);
  // Refresh tokens exist only for grants with offline_access; a row without it was not ours to honour.
  if (!granted.includes('offline_access')) throw new OAuthError('invalid_grant', 'invalid refresh token');
  const asked = scopesOf(stringParam(params, 'scope'));
  const widened = asked.filter((scope) => !granted.includes(scope));
  // RFC 6749 §6: the new access token's scope must not exceed what the resource owner granted.
  if (widened.length) throw new OAuthError('invalid_scope', `unable to issue scope ${widened.join(' ')}`);
  const scopes = asked.length ? asked : granted;

  const user = await auth.users.findById(row.userId);
  if (!user) throw new OAuthError('invalid_grant', 'user no longer exists');

  const authorized = row.resources === null ? null : fromJsonList(row.resources);
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
    refresh: { scopes: granted, resources: authorized },
    ...(scopes.includes('openid') ? { idToken: { nonce: null } } : {}),
  });
  return redeemOnce(grant, credential, prepared);
}
