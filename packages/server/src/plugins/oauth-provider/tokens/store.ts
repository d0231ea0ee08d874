/**
 * @module Queries on codes and tokens, written once. The writes take a Kysely handle so an
 * exchange can run them inside its transaction. Single use is a conditional UPDATE (`… WHERE
 * usedAt IS NULL`): of two concurrent exchanges only the one whose update changed the row wins,
 * and inside a transaction the loser waits for the winner's commit, so the loser's revocation of
 * the grant reaches the tokens the winner issued.
 */
import type { Kysely } from 'kysely';
import type { PluginHost } from '../../../plugin';
import {
  oauthProviderSchema,
  type OAuthAccessTokenTable,
  type OAuthProviderDatabase,
  type OAuthRefreshTokenTable,
} from '../schema';

export type OAuthDb = Kysely<OAuthProviderDatabase>;

export function findCodeByDigest(auth: PluginHost, digest: string) {
  return oauthProviderSchema
    .db(auth)
    .selectFrom('oauthAuthorizationCode')
    .selectAll()
    .where('code', '=', digest)
    .executeTakeFirst();
}

/** True only for the exchange whose update marked the code used. */
export async function markCodeUsed(db: OAuthDb, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('oauthAuthorizationCode')
    .set({ usedAt: at })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** True only for the refresh whose update retired the token. */
export async function markRefreshRotated(db: OAuthDb, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('oauthRefreshToken')
    .set({ rotatedAt: at })
    .where('id', '=', id)
    .where('rotatedAt', 'is', null)
    .where('revoked', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function insertAccessToken(db: OAuthDb, row: OAuthAccessTokenTable): Promise<void> {
  await db.insertInto('oauthAccessToken').values(row).execute();
}

export async function insertRefreshToken(db: OAuthDb, row: OAuthRefreshTokenTable): Promise<void> {
  await db.insertInto('oauthRefreshToken').values(row).execute();
}

/** By the digest of an opaque token or the `jti` of a JWT one. */
export function findAccessToken(auth: PluginHost, token: string) {
  return oauthProviderSchema
    .db(auth)
    .selectFrom('oauthAccessToken')
    .selectAll()
    .where('token', '=', token)
    .executeTakeFirst();
}

export function findRefreshToken(auth: PluginHost, digest: string) {
  return oauthProviderSchema
    .db(auth)
    .selectFrom('oauthRefreshToken')
    .selectAll()
    .where('token', '=', digest)
    .executeTakeFirst();
}

/** Every token one authorization issued, access and refresh: a replay's or a revocation's reach. */
export async function revokeGrant(auth: PluginHost, grantId: string): Promise<void> {
  const db = oauthProviderSchema.db(auth);
  const at = auth.now();
  await db
    .updateTable('oauthRefreshToken')
    .set({ revoked: at })
    .where('grantId', '=', grantId)
    .where('revoked', 'is', null)
    .execute();
  await db
    .updateTable('oauthAccessToken')
    .set({ revoked: at })
    .where('grantId', '=', grantId)
    .where('revoked', 'is', null)
    .execute();
}

export async function revokeAccessToken(auth: PluginHost, id: string): Promise<void> {
  await oauthProviderSchema
    .db(auth)
    .updateTable('oauthAccessToken')
    .set({ revoked: auth.now() })
    .where('id', '=', id)
    .where('revoked', 'is', null)
    .execute();
}

/** Whether the session still exists and has not expired (a token bound to it dies with it). */
export async function sessionIsLive(auth: PluginHost, sessionId: string): Promise<boolean> {
  const row = await oauthProviderSchema
    .db(auth)
    .selectFrom('session')
    .select('expiresAt')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row !== undefined && row.expiresAt > auth.now();
}
