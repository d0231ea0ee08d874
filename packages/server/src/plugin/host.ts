/**
 * @module The engine's operations on rows plugins share with the core: a plugin changes a user,
 * removes one, or clears its own columns of sessions through these, never with its own write to
 * `user` or `session`, so the engine keeps what must go with the row (its cookie caches on every
 * instance, the one-time tokens naming a removed user, the guards of account deletion).
 *
 * A guard that must hold a lock while the row changes (the admin's last admin) does not write the
 * row itself: it hands the operation a `GuardedWrite`, which opens its transaction, checks, and runs
 * the engine's write inside; the engine acts on the caches once that transaction has committed.
 *
 * Plugins call these through their schema (`plugin/schema.ts`), which types the columns.
 */
import { sql, type Kysely, type Updateable } from 'kysely';
import type { AnyGuardedWrite, AuthContext, GuardedWrite } from '../auth/context';
import type { User } from '../db/records';
import type { Database, SessionTable } from '../db/schema';
import { forgetCachedUser, refreshCachedUser } from '../session/cookie-cache';
import type { SessionScope } from '../session/update-current-session';

export type { GuardedWrite } from '../auth/context';

/**
 * A plugin's guard as the hooks take it (guardUserDeletion): the engine's write there uses only
 * the core tables, which every plugin's database has (PluginDatabase), so the handle is the same.
 */
export function coreRowGuard<DB>(guard: GuardedWrite<DB>): AnyGuardedWrite {
  return (write) => guard((trx) => write(trx as unknown as Kysely<Database>));
}

/**
 * Writes `changes` to user `userId` and makes every cookie cache of that user, on every instance,
 * be read again from the database (cookie-cache.ts forgetCachedUser): a role, a ban, a name set by
 * someone else must show at once. With `within`, the write happens inside the guard's transaction
 * and the caches are dropped once it has committed. Answers the stored user, or null when there is
 * no such user (nothing written).
 */
export async function updateUserRow<DB>(
  auth: AuthContext,
  userId: string,
  changes: Readonly<Record<string, unknown>> & { updatedAt: Date },
  within?: GuardedWrite<DB>,
): Promise<User | null> {
  let user: User | null;
  if (within) {
    // Every plugin database has the core user table (PluginDatabase): the write is the core's.
    const wrote = await within(async (trx) => {
      const core = trx as unknown as Kysely<Database>;
      await core.updateTable('user').set(changes).where('id', '=', userId).execute();
    });
    user = wrote ? await auth.users.findById(userId) : null;
  } else {
    user = await auth.users.update(userId, changes);
  }
  if (user) await forgetCachedUser(auth, userId);
  return user;
}

/**
 * Writes `changes` to the signed-in user's row and rewrites the cookie cache the caller's browser
 * holds, together: get-session shows the change at once (two-factor turned on or off, say). Answers
 * the stored user, or null when the row is gone.
 */
export async function updateCurrentUserRow(
  ctx: SessionScope,
  changes: Readonly<Record<string, unknown>> & { updatedAt: Date },
): Promise<User | null> {
  const user = await ctx.auth.users.update(ctx.session.user.id, changes);
  if (user) refreshCachedUser(ctx.auth, ctx.cookies, ctx.session, user);
  return user;
}

/**
 * Removes user `userId` as account deletion does (account/delete-user-account.ts removeUser), without
 * touching the caller's cookies or telling of an account deletion: the row through the plugin that
 * guards it, its sessions and accounts, its cookie caches, its pending one-time tokens. False when a
 * guarding plugin found no such user.
 */
export { removeUser as removeUserRow } from '../account/delete-user-account';

/**
 * Sets plugin-declared columns of every session matching `match` (declared columns, and `userId`),
 * inside the caller's transaction: sessions of other users than the caller (those that had a
 * deleted organization active, say). Only declared columns: the core ones (expiry, token) keep the
 * engine's rules. The cookie caches of those sessions are left to expire, as before this
 * operation existed: the caller's own session is updated through updateCurrentSession.
 */
export async function updateSessionColumns<DB>(
  auth: AuthContext,
  trx: Kysely<DB>,
  match: Readonly<Record<string, unknown>>,
  changes: Readonly<Record<string, unknown>>,
): Promise<void> {
  const declared = (name: string) => auth.fields.session.has(name);
  for (const name of Object.keys(changes)) {
    if (!declared(name)) throw new Error(`Latchkey: "${name}" is not a session field a plugin declared`);
  }
  const conditions = Object.entries(match);
  if (conditions.length === 0) throw new Error('Latchkey: a session update must say which sessions');
  // Every plugin database has the core session table (PluginDatabase): the write is the core's.
  let query = (trx as unknown as Kysely<Database>).updateTable('session').set(changes as Updateable<SessionTable>);
  for (const [name, value] of conditions) {
    if (name !== 'userId' && !declared(name))
      throw new Error(`Latchkey: sessions are matched by userId or a declared field, not "${name}"`);
    query = query.where(sql.ref(name), '=', value);
  }
  await query.execute();
}
