/**
 * @module Queries on the session table. Sessions are found by the digest of their token; the
 * get-session read takes the session and its user in one indexed query.
 */
import { CompiledQuery, sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { FieldType } from '../plugin-declarations';
import { readExtraFields, type ExtraFields } from './extra-fields';
import type { Database, SessionTable, UserTable } from './schema';
import type { Session, User } from './records';
import { toUser } from './user-store';
import type { SessionRevocations } from '../session/revocations';

export function toSession(row: Selectable<SessionTable>, extra: ReadonlyMap<string, FieldType>): Session {
  const session: Session = {
    id: row.id,
    token: row.token,
    userId: row.userId,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
  };
  readExtraFields(row as unknown as Record<string, unknown>, extra, session);
  return session;
}

const CORE_SESSION_COLUMNS = ['id', 'token', 'userId', 'expiresAt', 'createdAt', 'updatedAt', 'ipAddress', 'userAgent'];

const SESSION_PREFIX = 'session.';

/**
 * The get-session read: session and user in one indexed query. Session columns (plugins' too) come
 * back as `session.<column>`, since both tables have id, createdAt and updatedAt; the database
 * layer reads an alias of that form as the column it names.
 */
function selectSessionWithUser(db: Kysely<Database>, sessionColumns: readonly string[]) {
  return db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .select(sessionColumns.map((column) => sql.ref(`session.${column}`).as(`${SESSION_PREFIX}${column}`)))
    .selectAll('user')
    .where('session.token', '=', '');
}

/**
 * Every delete notes its users in `revocations` once it has committed, so a cookie cache cannot
 * outlive the row it vouches for (session/revocations.ts); no route has to remember to.
 */
export function createSessionStore(db: Kysely<Database>, extra: ExtraFields, revocations: SessionRevocations) {
  const sessionColumns = [...CORE_SESSION_COLUMNS, ...extra.session.keys()];
  // Built and compiled once: on the hot path only the statement runs (SQLite also reuses the
  // prepared statement), not Kysely's query building.
  const sessionWithUser = selectSessionWithUser(db, sessionColumns).compile();
  return {
    async create(session: Session): Promise<void> {
      await db
        .insertInto('session')
        .values(session as Insertable<SessionTable>)
        .execute();
    },

    async findWithUserByDigest(digest: string): Promise<{ session: Session; user: User } | null> {
      const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(sessionWithUser.sql, [digest]));
      const row = result.rows[0];
      if (!row) return null;
      const sessionRow: Record<string, unknown> = {};
      const userRow: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(row)) {
        if (key.startsWith(SESSION_PREFIX)) sessionRow[key.slice(SESSION_PREFIX.length)] = value;
        else userRow[key] = value;
      }
      return {
        session: toSession(sessionRow as unknown as Selectable<SessionTable>, extra.session),
        user: toUser(userRow as unknown as Selectable<UserTable>, extra.user),
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
      return rows.map((row) => toSession(row, extra.session));
    },

    async extend(id: string, expiresAt: Date, now: Date): Promise<void> {
      await db.updateTable('session').set({ expiresAt, updatedAt: now }).where('id', '=', id).execute();
    },

    /** Writes columns plugins added (the caller checks they are declared ones). */
    async updateFields(id: string, fields: Readonly<Record<string, unknown>>): Promise<void> {
      await db
        .updateTable('session')
        .set(fields as Updateable<SessionTable>)
        .where('id', '=', id)
        .execute();
    },

    async deleteById(id: string, userId: string): Promise<void> {
      await db.deleteFrom('session').where('id', '=', id).execute();
      await revocations.revokeUser(userId);
    },

    /** Deletes whichever sessions, of any user, have one of these digests. */
    async deleteByDigests(digests: string[]): Promise<void> {
      const owners = await db.selectFrom('session').select('userId').distinct().where('token', 'in', digests).execute();
      if (owners.length === 0) return;
      await db.deleteFrom('session').where('token', 'in', digests).execute();
      await Promise.all(owners.map(({ userId }) => revocations.revokeUser(userId)));
    },

    /** Deletes the user's session whose digest is one of `digests`; another user's is never touched. */
    async deleteOwnByDigests(userId: string, digests: string[]): Promise<void> {
      await db.deleteFrom('session').where('userId', '=', userId).where('token', 'in', digests).execute();
      await revocations.revokeUser(userId);
    },

    async deleteByUser(userId: string, exceptId?: string): Promise<void> {
      let query = db.deleteFrom('session').where('userId', '=', userId);
      if (exceptId) query = query.where('id', '!=', exceptId);
      await query.execute();
      await revocations.revokeUser(userId);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
