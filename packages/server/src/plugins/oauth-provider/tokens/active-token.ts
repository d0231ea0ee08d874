/**
 * @module Whether a presented token is active, read from its row on every call (no cache, so a
 * revocation holds at once on every instance): not revoked, not expired, its client still enabled,
 * its user still there, and, when it was issued in a session without offline_access, that session
 * not ended (better-auth: such tokens die with the session they were issued in).
 */
import type { PluginHost, User } from '../../../plugin';
import { findClient, type OAuthClient } from '../clients/client';
import { fromJsonList } from '../json-list';
import { digestOf } from '../opaque-secret';
import type { ResolvedOAuthProviderOptions } from '../options';
import type { OAuthAccessTokenTable, OAuthRefreshTokenTable } from '../schema';
import { verifyOwnJwt } from '../keys/signing-keys';
import { findAccessToken, findRefreshToken, sessionIsLive } from './store';

export interface ActiveAccessToken {
  readonly row: OAuthAccessTokenTable;
  readonly scopes: readonly string[];
  readonly user: User | null;
}

export interface ActiveRefreshToken {
  readonly row: OAuthRefreshTokenTable;
  readonly scopes: readonly string[];
}

function looksLikeJwt(token: string): boolean {
  return token.split('.').length === 3;
}

/** The access token's row: by the JWT's `jti` once its signature holds, else by the digest. */
async function accessTokenRow(
  auth: PluginHost,
  options: ResolvedOAuthProviderOptions,
  token: string,
): Promise<OAuthAccessTokenTable | undefined> {
  if (!looksLikeJwt(token)) return findAccessToken(auth, digestOf(token));
  try {
    // Our ID tokens are signed with the same keys: only an RFC 9068 access token (`at+jwt`) may
    // act as one, and only while its row (found by jti) says it is live.
    const payload = await verifyOwnJwt(auth, options, token, { typ: 'at+jwt' });
    return typeof payload.jti === 'string' ? await findAccessToken(auth, payload.jti) : undefined;
  } catch {
    return undefined;
  }
}

async function clientIsEnabled(auth: PluginHost, clientId: string): Promise<boolean> {
  const client = await findClient(auth, clientId);
  return client !== null && !client.disabled;
}

/**
 * `holder`: the client asking (introspection), already authenticated and so known to be enabled. A
 * token of another client is then inactive before anything else is read, and the holder's row is
 * not read a second time.
 */
export async function activeAccessToken(
  auth: PluginHost,
  options: ResolvedOAuthProviderOptions,
  token: string,
  holder?: OAuthClient,
): Promise<ActiveAccessToken | null> {
  const row = await accessTokenRow(auth, options, token);
  if (!row || row.revoked !== null || row.expiresAt <= auth.now()) return null;
  if (holder ? row.clientId !== holder.clientId : !(await clientIsEnabled(auth, row.clientId))) return null;
  let user: User | null = null;
  if (row.userId !== null) {
    user = await auth.users.findById(row.userId);
    if (!user) return null;
  }
  const scopes = fromJsonList(row.scopes);
  if (row.sessionId !== null && !scopes.includes('offline_access') && !(await sessionIsLive(auth, row.sessionId)))
    return null;
  return { row, scopes, user };
}

/** A refresh token is introspected only by the client it was issued to (RFC 7662 §2.1's discretion). */
export async function activeRefreshToken(
  auth: PluginHost,
  token: string,
  clientId: string,
): Promise<ActiveRefreshToken | null> {
  const row = await findRefreshToken(auth, digestOf(token));
  if (!row || row.clientId !== clientId) return null;
  if (row.revoked !== null || row.rotatedAt !== null || row.expiresAt <= auth.now()) return null;
  if (!(await clientIsEnabled(auth, row.clientId))) return null;
  if (!(await auth.users.findById(row.userId))) return null;
  return { row, scopes: fromJsonList(row.scopes) };
}
