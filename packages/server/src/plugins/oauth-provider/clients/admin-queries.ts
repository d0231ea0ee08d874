/**
 * @module The admin console's reads across every owner: a page of clients (searched by name or
 * client_id), the users they and their grants belong to, a client's consents and its live grants.
 * better-auth has no such routes; the queries are ours, written once for the /admin/oauth2 routes.
 */
import { sql, type SqlBool } from 'kysely';
import type { PluginHost } from '../../../plugin';
import { fromJsonList } from '../json-list';
import { oauthProviderSchema } from '../schema';
import { toOAuthClient, type OAuthClient } from './client';

export const CLIENT_PAGE_DEFAULT = 50;
export const CLIENT_PAGE_MAX = 200;
/**
 * A client's live grants, newest first, are listed up to this many: the screen is for finding and
 * revoking a user's access, not for reporting, and "revoke all" reaches every one regardless.
 */
export const GRANT_LIST_MAX = 500;

export interface ClientPageQuery {
  readonly search?: string | undefined;
  readonly limit?: number | undefined;
  readonly offset?: number | undefined;
}

export interface UserSummary {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

/** `!` escapes: a backslash means different things in MySQL's and PostgreSQL's string literals. */
function containsPattern(value: string): string {
  return `%${value.toLowerCase().replace(/[!%_]/g, '!$&')}%`;
}

export async function queryClientPage(
  auth: PluginHost,
  query: ClientPageQuery,
): Promise<{ clients: OAuthClient[]; total: number; limit: number; offset: number }> {
  const limit = Math.min(query.limit ?? CLIENT_PAGE_DEFAULT, CLIENT_PAGE_MAX);
  const offset = query.offset ?? 0;
  const search = query.search?.trim();
  const db = oauthProviderSchema.db(auth);
  // Every dialect's LIKE has its own case rules: both sides lower-cased. A handful of rows per
  // deployment, so a scan is fine (no trigram index as the user search has).
  const matching = search
    ? sql<SqlBool>`(lower(${sql.ref('name')}) like ${containsPattern(search)} escape '!' or lower(${sql.ref('clientId')}) like ${containsPattern(search)} escape '!')`
    : sql<SqlBool>`1 = 1`;
  const rows = await db
    .selectFrom('oauthClient')
    .selectAll()
    .where(matching)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  const count = await db
    .selectFrom('oauthClient')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(matching)
    .executeTakeFirstOrThrow();
  return { clients: rows.map(toOAuthClient), total: Number(count.n), limit, offset };
}

/** The named users, by id; a deleted one is simply absent. */
export async function usersByIds(auth: PluginHost, ids: readonly (string | null)[]): Promise<Map<string, UserSummary>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await oauthProviderSchema
    .db(auth)
    .selectFrom('user')
    .select(['id', 'name', 'email'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export interface ClientConsent {
  readonly id: string;
  readonly userId: string;
  readonly referenceId: string | null;
  readonly scopes: readonly string[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Every consent given to the client, newest first. */
export async function listConsentsOfClient(auth: PluginHost, clientId: string): Promise<ClientConsent[]> {
  const rows = await oauthProviderSchema
    .db(auth)
    .selectFrom('oauthConsent')
    .selectAll()
    .where('clientId', '=', clientId)
    .orderBy('updatedAt', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, scopes: fromJsonList(row.scopes) }));
}

/** The client's consent `id`, as the owner-side store reads it; another client's is unknown. */
export async function findConsentOfClient(auth: PluginHost, id: string, clientId: string) {
  const row = await oauthProviderSchema
    .db(auth)
    .selectFrom('oauthConsent')
    .selectAll()
    .where('id', '=', id)
    .where('clientId', '=', clientId)
    .executeTakeFirst();
  return row ? { ...row, scopes: fromJsonList(row.scopes) } : null;
}

/**
 * One authorization's live tokens: what the client may still do for the user (or for itself, a
 * client_credentials grant has no user). `expiresAt` is the last of its live tokens' expiries, a
 * refresh token's when it holds one.
 */
export interface ClientGrant {
  readonly grantId: string;
  readonly userId: string | null;
  readonly referenceId: string | null;
  readonly scopes: readonly string[];
  readonly issuedAt: Date;
  readonly lastIssuedAt: Date;
  readonly expiresAt: Date;
  readonly hasRefreshToken: boolean;
}

interface TokenRow {
  grantId: string;
  userId: string | null;
  referenceId: string | null;
  scopes: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * The client's grants that still hold a live token (neither revoked nor expired; a rotated refresh
 * token has a successor, which is the live one), newest activity first. Last use is not stored:
 * a token is checked on every call without writing, and the latest issue (a refresh) is the
 * nearest honest answer.
 */
export async function listLiveGrantsOfClient(auth: PluginHost, clientId: string): Promise<ClientGrant[]> {
  const db = oauthProviderSchema.db(auth);
  const now = auth.now();
  const columns = ['grantId', 'userId', 'referenceId', 'scopes', 'createdAt', 'expiresAt'] as const;
  const access: TokenRow[] = await db
    .selectFrom('oauthAccessToken')
    .select(columns)
    .where('clientId', '=', clientId)
    .where('revoked', 'is', null)
    .where('expiresAt', '>', now)
    .orderBy('createdAt', 'desc')
    .limit(GRANT_LIST_MAX * 4)
    .execute();
  const refresh: TokenRow[] = await db
    .selectFrom('oauthRefreshToken')
    .select(columns)
    .where('clientId', '=', clientId)
    .where('revoked', 'is', null)
    .where('rotatedAt', 'is', null)
    .where('expiresAt', '>', now)
    .orderBy('createdAt', 'desc')
    .limit(GRANT_LIST_MAX * 4)
    .execute();
  const grants = new Map<string, ClientGrant>();
  const add = (row: TokenRow, isRefresh: boolean) => {
    const known = grants.get(row.grantId);
    if (!known) {
      grants.set(row.grantId, {
        grantId: row.grantId,
        userId: row.userId,
        referenceId: row.referenceId,
        scopes: fromJsonList(row.scopes),
        issuedAt: row.createdAt,
        lastIssuedAt: row.createdAt,
        expiresAt: row.expiresAt,
        hasRefreshToken: isRefresh,
      });
      return;
    }
    const newer = row.createdAt > known.lastIssuedAt;
    grants.set(row.grantId, {
      ...known,
      // The newest token's scopes: a refresh may have narrowed them.
      scopes: newer ? fromJsonList(row.scopes) : known.scopes,
      issuedAt: row.createdAt < known.issuedAt ? row.createdAt : known.issuedAt,
      lastIssuedAt: newer ? row.createdAt : known.lastIssuedAt,
      expiresAt: row.expiresAt > known.expiresAt ? row.expiresAt : known.expiresAt,
      hasRefreshToken: known.hasRefreshToken || isRefresh,
    });
  };
  for (const row of refresh) add(row, true);
  for (const row of access) add(row, false);
  return [...grants.values()]
    .sort((a, b) => b.lastIssuedAt.getTime() - a.lastIssuedAt.getTime())
    .slice(0, GRANT_LIST_MAX);
}

/** The grant's user if it issued a token to this client; null for a grant id from elsewhere. */
export async function findGrantOfClient(
  auth: PluginHost,
  grantId: string,
  clientId: string,
): Promise<{ userId: string | null } | null> {
  const db = oauthProviderSchema.db(auth);
  for (const table of ['oauthAccessToken', 'oauthRefreshToken'] as const) {
    const row = await db
      .selectFrom(table)
      .select('userId')
      .where('grantId', '=', grantId)
      .where('clientId', '=', clientId)
      .limit(1)
      .executeTakeFirst();
    if (row) return { userId: row.userId };
  }
  return null;
}

/** Revokes every live token of the client at once (an incident: its tokens leaked, say). */
export async function revokeAllTokensOfClient(auth: PluginHost, clientId: string): Promise<void> {
  const db = oauthProviderSchema.db(auth);
  const at = auth.now();
  for (const table of ['oauthRefreshToken', 'oauthAccessToken'] as const) {
    await db
      .updateTable(table)
      .set({ revoked: at })
      .where('clientId', '=', clientId)
      .where('revoked', 'is', null)
      .execute();
  }
}
