/**
 * @module A plugin's data, declared once: the columns it adds to user and session (values the
 * engine reads rows with, `plugin/declarations.ts`) and its own tables (Kysely types). From that
 * declaration the plugin gets its database, its view of users and sessions and its session
 * update, all typed, without casting the engine's handles or declaring the core tables again.
 */
import type { ColumnType, Kysely, Updateable } from 'kysely';
import type { Session, User } from '../db/records';
import type { Database } from '../db/schema';
import type { FieldDeclarations, FieldType, FieldValues } from './declarations';
import { updateCurrentSession } from '../session/update-current-session';
import type { SessionScope } from './engine-calls';
import { engineOf, engineScope } from './engine-context';
import type { PluginHost } from './plugin-host';
import { updateCurrentUserRow, updateSessionColumns, updateUserRow, type GuardedWrite } from './host';

type None = Record<never, never>;

/** As the engine reads and writes each type: the db layer makes every dialect answer these (db/column-values-plugin.ts). */
interface EngineValues {
  string: string;
  boolean: boolean;
  date: Date;
  number: number;
}

/** A nullable column may be left out of an insert; a `notNull` one has its migration's default. */
type Column<D> = D extends FieldType
  ? ColumnType<EngineValues[D] | null, EngineValues[D] | null | undefined, EngineValues[D] | null>
  : D extends { readonly type: infer T extends FieldType }
    ? ColumnType<EngineValues[T], EngineValues[T] | undefined, EngineValues[T]>
    : never;

/** Declared fields as Kysely columns. */
export type FieldColumns<M> = string extends keyof M ? None : { -readonly [K in keyof M]: Column<M[K]> };

/** The core tables, user and session with the plugin's columns, and the plugin's own tables `T`. */
export type PluginDatabase<T, U, S> = Omit<Database, 'user' | 'session'> & {
  user: Database['user'] & FieldColumns<U>;
  session: Database['session'] & FieldColumns<S>;
} & T;

/** The database a schema describes, for the plugin's functions that take a transaction. */
export type DatabaseOf<Schema> =
  Schema extends PluginSchema<infer T, infer U, infer S> ? PluginDatabase<T, U, S> : never;

export interface PluginSchema<T, U extends FieldDeclarations, S extends FieldDeclarations> {
  /** What `definePlugin({ fields })` takes: the engine reads and caches these columns. */
  readonly fields: { readonly user: U; readonly session: S };
  db(host: PluginHost): Kysely<PluginDatabase<T, U, S>>;
  user(user: User): User & FieldValues<U>;
  session(session: Session): Session & FieldValues<S>;
  /** The engine's updateCurrentSession, taking only the plugin's own session fields. */
  updateCurrentSession(ctx: SessionScope, fields: Partial<FieldValues<S>>): Promise<void>;
  /**
   * Changes a user's row, the core's and the plugin's columns, and drops every cookie cache of it
   * (plugin/host.ts updateUserRow); `within` puts the write inside a guard's transaction. Null when
   * there is no such user.
   */
  updateUser(
    host: PluginHost,
    userId: string,
    changes: UserChanges<T, U, S>,
    options?: { within?: GuardedWrite<PluginDatabase<T, U, S>> },
  ): Promise<(User & FieldValues<U>) | null>;
  /**
   * Changes the signed-in user's row and the cookie cache of the caller's browser together
   * (plugin/host.ts updateCurrentUserRow). Null when the row is gone.
   */
  updateCurrentUser(ctx: SessionScope, changes: UserChanges<T, U, S>): Promise<(User & FieldValues<U>) | null>;
  /**
   * Sets the plugin's own columns of the sessions matching `match` (its columns, or `userId`),
   * inside the caller's transaction `trx` (plugin/host.ts updateSessionColumns): other users'
   * sessions, which updateCurrentSession does not reach.
   */
  updateSessions(
    host: PluginHost,
    trx: Kysely<PluginDatabase<T, U, S>>,
    match: Partial<FieldValues<S>> & { userId?: string },
    changes: Partial<FieldValues<S>>,
  ): Promise<void>;
}

/** A write to the user row: core and plugin columns, with the time of the change. */
export type UserChanges<T, U, S> = Updateable<PluginDatabase<T, U, S>['user']> & { updatedAt: Date };

/**
 * `definePluginSchema<Tables>()({ user, session })`: `Tables` are the plugin's own tables as
 * Kysely types (none by default), `user` and `session` the columns its migrations add. Curried so
 * the tables are named while the fields' types are inferred.
 */
export function definePluginSchema<T = None>() {
  return <U extends FieldDeclarations = None, S extends FieldDeclarations = None>(declared: {
    readonly user?: U;
    readonly session?: S;
  }): PluginSchema<T, U, S> => {
    const fields = Object.freeze({ user: declared.user ?? ({} as U), session: declared.session ?? ({} as S) });
    // The casts are this module's alone: a plugin's migrations add these tables and columns, and
    // the stores read its declared columns into every user and session (db/extra-fields.ts).
    return Object.freeze({
      fields,
      db: (host: PluginHost) => engineOf(host).db as unknown as Kysely<PluginDatabase<T, U, S>>,
      user: (user: User) => user as User & FieldValues<U>,
      session: (session: Session) => session as Session & FieldValues<S>,
      updateCurrentSession: (ctx: SessionScope, changes: Partial<FieldValues<S>>) =>
        updateCurrentSession(engineScope(ctx), changes),
      updateUser: async (host, userId, changes, options) =>
        (await updateUserRow(engineOf(host), userId, changes, options?.within)) as (User & FieldValues<U>) | null,
      updateCurrentUser: async (ctx, changes) =>
        (await updateCurrentUserRow(engineScope(ctx), changes)) as (User & FieldValues<U>) | null,
      updateSessions: (host, trx, match, changes) => updateSessionColumns(engineOf(host), trx, match, changes),
    } satisfies PluginSchema<T, U, S>);
  };
}
