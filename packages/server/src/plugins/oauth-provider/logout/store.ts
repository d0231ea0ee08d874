/**
 * @module The queries of logout: the tokens issued in sessions that ended, and every token of a
 * user whose access ends whole (a ban). Session ids are kept on tokens without a foreign key
 * (migrations/0700), so the rows still name their session after it is deleted.
 */
import type { PluginHost } from '../../../plugin';
import { fromJsonList } from '../json-list';
import { oauthProviderSchema } from '../schema';

/** A client that held tokens of an ended session, and that session. */
export interface SessionClient {
  readonly sessionId: string;
  readonly clientId: string;
}

/**
 * Revokes what the ended sessions issued, better-auth's rules (OIDC Back-Channel Logout 1.0 §2.7):
 * every access token bound to them, and their refresh tokens without `offline_access`, which was
 * granted precisely so that access outlives the browser session. Answers each (session, client)
 * pair that held tokens, revoked before or not: those relying parties may hold a session to end.
 */
export async function revokeSessionTokens(auth: PluginHost, sessionIds: readonly string[]): Promise<SessionClient[]> {
  const db = oauthProviderSchema.db(auth);
  const ids = [...sessionIds];
  const access = await db
    .selectFrom('oauthAccessToken')
    .select(['id', 'clientId', 'sessionId'])
    .where('sessionId', 'in', ids)
    .execute();
  const refresh = await db
    .selectFrom('oauthRefreshToken')
    .select(['id', 'clientId', 'sessionId', 'scopes'])
    .where('sessionId', 'in', ids)
    .execute();
  const at = auth.now();
  if (access.length > 0)
    await db
      .updateTable('oauthAccessToken')
      .set({ revoked: at })
      .where('sessionId', 'in', ids)
      .where('revoked', 'is', null)
      .execute();
  const sessionBound = refresh
    .filter((row) => !fromJsonList(row.scopes).includes('offline_access'))
    .map((row) => row.id);
  if (sessionBound.length > 0)
    await db
      .updateTable('oauthRefreshToken')
      .set({ revoked: at })
      .where('id', 'in', sessionBound)
      .where('revoked', 'is', null)
      .execute();
  const pairs = new Map<string, SessionClient>();
  for (const row of [...access, ...refresh]) {
    if (row.sessionId === null) continue;
    pairs.set(`${row.sessionId} ${row.clientId}`, { sessionId: row.sessionId, clientId: row.clientId });
  }
  return [...pairs.values()];
}

/** Every token of the user, offline or not, of every client: nothing the user was given still works. */
export async function revokeUserTokens(auth: PluginHost, userId: string): Promise<void> {
  const db = oauthProviderSchema.db(auth);
  const at = auth.now();
  await db
    .updateTable('oauthRefreshToken')
    .set({ revoked: at })
    .where('userId', '=', userId)
    .where('revoked', 'is', null)
    .execute();
  await db
    .updateTable('oauthAccessToken')
    .set({ revoked: at })
    .where('userId', '=', userId)
    .where('revoked', 'is', null)
    .execute();
}
