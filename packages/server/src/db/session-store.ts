/**
 * @module Queries on the session table. Sessions are found by the digest of their token; the
 * get-session read takes the session and its user in one indexed query.
 */
import { CompiledQuery, type InferResult, type Kysely, type Selectable } from 'kysely';
import type { Database, SessionTable } from './schema';
import { toDate, type Session, type User } from './records';
import { toUser } from './user-store';

export function toSession(row: Selectable<SessionTable>): Session {
  return {
    id: row.id,
    token: row.token,
    userId: row.userId,
    expiresAt: toDate(row.expiresAt),
    createdAt: toDate(row.createdAt),
    updatedAt: toDate(row.updatedAt),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
  };
}

/** The get-session read: session and user in one indexed query. */
function selectSessionWithUser(db: Kysely<Database>, digest: string) {
  return db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .select([
      'session.id as s_id',
      'session.token as s_token',
      'session.userId as s_userId',
      'session.expiresAt as s_expiresAt',
      'session.createdAt as s_createdAt',
      'session.updatedAt as s_updatedAt',
      'session.ipAddress as s_ipAddress',
      'session.userAgent as s_userAgent',
    ])
    .selectAll('user')
    .where('session.token', '=', digest);
}

type SessionWithUserRow = InferResult<ReturnType<typeof selectSessionWithUser>>[number];

export function createSessionStore(db: Kysely<Database>) {
  // Built and compiled once: on the hot path only the statement runs (SQLite also reuses the
  // prepared statement), not Kysely's query building.
  const sessionWithUser = selectSessionWithUser(db, '').compile();
  return {
    async create(session: Session): Promise<void> {
      await db.insertInto('session').values(session).execute();
    },

    async findWithUserByDigest(digest: string): Promise<{ session: Session; user: User } | null> {
      const result = await db.executeQuery(CompiledQuery.raw(sessionWithUser.sql, [digest]));
      const row = result.rows[0] as SessionWithUserRow | undefined;
      if (!row) return null;
      const { s_id, s_token, s_userId, s_expiresAt, s_createdAt, s_updatedAt, s_ipAddress, s_userAgent, ...user } = row;
      return {
        session: toSession({
          id: s_id,
          token: s_token,
          userId: s_userId,
          expiresAt: s_expiresAt,
          createdAt: s_createdAt,
          updatedAt: s_updatedAt,
          ipAddress: s_ipAddress,
          userAgent: s_userAgent,
        }),
        user: toUser(user),
      };
    },

    async listByUser(userId: string, now: Date): Promise<Session[]> {
      const rows = await db
        .selectFrom('session')
        .selectAll()
        .where('userId', '=', userId)
        .where('expiresAt', '>', now)
        .orderBy('createdAt', 'desc')
        .execute();
      return rows.map(toSession);
    },

    async extend(id: string, expiresAt: Date, now: Date): Promise<void> {
      await db.updateTable('session').set({ expiresAt, updatedAt: now }).where('id', '=', id).execute();
    },

    async deleteById(id: string): Promise<void> {
      await db.deleteFrom('session').where('id', '=', id).execute();
    },

    async deleteByDigest(digest: string): Promise<void> {
      await db.deleteFrom('session').where('token', '=', digest).execute();
    },

    /** Deletes the user's session whose digest is one of `digests`; another user's is never touched. */
    async deleteOwnByDigests(userId: string, digests: string[]): Promise<void> {
      await db.deleteFrom('session').where('userId', '=', userId).where('token', 'in', digests).execute();
    },

    async deleteByUser(userId: string, exceptId?: string): Promise<void> {
      let query = db.deleteFrom('session').where('userId', '=', userId);
      if (exceptId) query = query.where('id', '!=', exceptId);
      await query.execute();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
