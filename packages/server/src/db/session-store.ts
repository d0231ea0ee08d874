/**
 * @module Queries on the session table. Sessions are found by the digest of their token; the
 * get-session read takes the session and its user in one indexed query.
 */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { FieldType } from '../plugin/declarations';
import { readExtraFields, type ExtraFields } from './extra-fields';
import type { Database, SessionTable } from './schema';
import type { Session } from './records';
import type { PrepareRead } from './prepared-read';
import { createSessionWithUserReader } from './session-with-user';
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

/** A session a deletion ended: what the plugins told of it (`PluginHooks.afterSessionsEnded`) need. */
export interface EndedSession {
  readonly id: string;
  readonly userId: string;
}

/**
 * Every delete notes its users in `revocations` once it has committed, so a cookie cache cannot
 * outlive the row it vouches for (session/revocations.ts); no route has to remember to. Then it
 * tells `onEnded` which sessions went (the plugins' `afterSessionsEnded`), for the same reason: the
 * access a plugin hands out in a session (an OAuth provider's tokens) ends with it, whichever route
 * ended it. The rows are read before the delete: a session created in between by the same user is
 * deleted all the same (the delete's own condition), only not told of.
 */
export function createSessionStore(
  db: Kysely<Database>,
  extra: ExtraFields,
  revocations: SessionRevocations,
  prepareRead?: PrepareRead,
  onEnded?: (sessions: EndedSession[]) => Promise<void>,
) {
  const findWithUserByDigest = createSessionWithUserReader(db, extra, prepareRead);
  const ended = (sessions: EndedSession[]) => (onEnded && sessions.length > 0 ? onEnded(sessions) : Promise.resolve());
  /** The sessions a deletion will end, read only when someone is to be told of them. */
  const toBeEnded = async (select: { execute(): Promise<EndedSession[]> }) => (onEnded ? select.execute() : []);
  return {
    async create(session: Session): Promise<void> {
      await db
        .insertInto('session')
        .values(session as Insertable<SessionTable>)
        .execute();
    },

    /** The get-session read: session and user in one indexed query (session-with-user.ts). */
    findWithUserByDigest,

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
      const result = await db.deleteFrom('session').where('id', '=', id).executeTakeFirst();
      await revocations.revokeUser(userId);
      // Told once: of two concurrent deletions of one session, only the one that removed the row.
      if (result.numDeletedRows > 0n) await ended([{ id, userId }]);
    },

    /** Deletes whichever sessions, of any user, have one of these digests; answers their owners' ids. */
    async deleteByDigests(digests: string[]): Promise<string[]> {
      const sessions = await db.selectFrom('session').select(['id', 'userId']).where('token', 'in', digests).execute();
      if (sessions.length === 0) return [];
      await db.deleteFrom('session').where('token', 'in', digests).execute();
      const owners = [...new Set(sessions.map(({ userId }) => userId))];
      await Promise.all(owners.map((userId) => revocations.revokeUser(userId)));
      await ended(sessions);
      return owners;
    },

    /** Deletes the user's session whose digest is one of `digests`; another user's is never touched. */
    async deleteOwnByDigests(userId: string, digests: string[]): Promise<void> {
      const sessions = await toBeEnded(
        db.selectFrom('session').select(['id', 'userId']).where('userId', '=', userId).where('token', 'in', digests),
      );
      await db.deleteFrom('session').where('userId', '=', userId).where('token', 'in', digests).execute();
      await revocations.revokeUser(userId);
      await ended(sessions);
    },

    async deleteByUser(userId: string, exceptId?: string): Promise<void> {
      let select = db.selectFrom('session').select(['id', 'userId']).where('userId', '=', userId);
      let query = db.deleteFrom('session').where('userId', '=', userId);
      if (exceptId) {
        select = select.where('id', '!=', exceptId);
        query = query.where('id', '!=', exceptId);
      }
      const sessions = await toBeEnded(select);
      await query.execute();
      await revocations.revokeUser(userId);
      await ended(sessions);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
