/**
 * @module The last admin stays (docs/decisions.md, Admin): set-role, update-user's role, ban-user,
 * remove-user and the deletion of one's own account write in one transaction that first locks
 * the target's row and every other admin's, and refuse with 400 `lastAdmin` when the target is an
 * admin whose ban does not hold, the change ends that, and no other such admin is left.
 *
 * Why a lock: two admins demoting each other (or themselves) at once would each count the other
 * and both succeed. Here each locks every admin row it counts, in id order, before it counts, so
 * the second waits for the first to commit and then counts what the first left. The admins are
 * picked by a plain read and then locked by primary key, so MySQL locks those rows and no range of
 * the table; an admin promoted in between is simply not counted, which can only refuse, never let
 * the last one go. The locking (and SQLite's whole-database lock) is the engine's lockedTransaction.
 */
import type { Kysely, Updateable } from 'kysely';
import { AuthError, lockedTransaction, type PluginHost, type DatabaseOf, type GuardedWrite } from '../../plugin';
import { isAdminUser } from './access-control';
import { ADMIN_ERRORS } from './errors';
import type { ResolvedAdminOptions } from './options';
import { adminSchema } from './schema';

export type AdminDb = Kysely<DatabaseOf<typeof adminSchema>>;
/** A write to the user row: the core and admin columns, and any other plugin's the patch carries. */
export type AdminUserUpdate = Updateable<DatabaseOf<typeof adminSchema>['user']> & { updatedAt: Date };

export interface AdminRow {
  id: string;
  role: string;
  banned: boolean;
  banExpires: Date | null;
}

/** An admin who can act: banned users cannot sign in, until a timed ban has run out. */
function countsAsAdmin(options: ResolvedAdminOptions, row: AdminRow, now: Date): boolean {
  const banHolds = row.banned && (row.banExpires === null || row.banExpires > now);
  return !banHolds && isAdminUser(options, row);
}

/** Ids that may be admins: a role containing an admin role's name (checked exactly later), or a configured admin id. */
async function candidateIds(trx: AdminDb, options: ResolvedAdminOptions): Promise<string[]> {
  const adminIds = [...options.adminUserIds];
  if (options.adminRoles.length === 0 && adminIds.length === 0) return [];
  const rows = await trx
    .selectFrom('user')
    .select('id')
    .where((eb) =>
      eb.or([
        ...options.adminRoles.map((role) => eb('role', 'like', `%${role}%`)),
        ...(adminIds.length > 0 ? [eb('id', 'in', adminIds)] : []),
      ]),
    )
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The transaction a change to user `userId` is written in (the engine's updateUser `within`, and
 * its deletion of the user: the plugin's guardUserDeletion hook): it
 * refuses with 400 `lastAdmin` when, `staysAdmin` answering whether the target still counts as an
 * admin once changed, no admin would be left, and answers false, writing nothing, when the user
 * does not exist (any more). The engine drops the user's cookie caches once it has committed: a
 * demoted admin's cache would otherwise keep vouching for the admin role.
 */
export function keepingAnAdmin(
  auth: PluginHost,
  options: ResolvedAdminOptions,
  userId: string,
  staysAdmin: (target: AdminRow) => boolean,
): GuardedWrite<DatabaseOf<typeof adminSchema>> {
  const lock = {
    table: 'user' as const,
    ids: async (trx: AdminDb) => [userId, ...(await candidateIds(trx, options))],
    columns: ['id', 'role', 'banned', 'banExpires'] as const,
  };
  return (write) =>
    lockedTransaction(adminSchema.db(auth), auth.dialect, lock, async (trx, locked) => {
      const rows: AdminRow[] = locked;
      const target = rows.find((row) => row.id === userId);
      if (!target) return false;
      const now = auth.now();
      if (countsAsAdmin(options, target, now) && !staysAdmin(target)) {
        const othersLeft = rows.some((row) => row.id !== userId && countsAsAdmin(options, row, now));
        if (!othersLeft) throw new AuthError(ADMIN_ERRORS.lastAdmin);
      }
      await write(trx);
      return true;
    });
}
