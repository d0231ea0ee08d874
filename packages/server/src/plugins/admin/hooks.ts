/**
 * @module The admin plugin's hooks into the engine: banned users cannot start a session, whatever
 * the way in (SPEC §4, §6), the last admin cannot delete their own account, and GET /list-sessions
 * hides impersonation sessions.
 */
import { AuthError, type AuthContext, type PluginHooks, type Session, type User } from '../../plugin-api';
import { ADMIN_ERRORS } from './errors';
import { deleteKeepingAnAdmin } from './last-admin';
import type { ResolvedAdminOptions } from './options';
import { adminSchema } from './schema';

/**
 * Refuses a session to a user whose ban holds. A ban whose expiry has passed is lifted here, at
 * the next session creation (SPEC §4), as better-auth does: there is no background job to lift it.
 */
async function refuseBannedUser(created: User, auth: AuthContext): Promise<void> {
  const user = adminSchema.user(created);
  if (user.banned !== true) return;
  const expires = user.banExpires;
  if (!expires || expires > auth.now()) throw new AuthError(ADMIN_ERRORS.bannedUser);
  const lifted = { banned: false, banReason: null, banExpires: null };
  await auth.users.update(user.id, { ...lifted, updatedAt: auth.now() });
  // The caller answers with (and caches in the cookie) this very object: it must not say "banned".
  Object.assign(user, lifted);
}

/**
 * better-auth's choice, kept: every session with `impersonatedBy` is hidden from the user's own
 * list, including the impersonation session the admin is using right now, so an admin looking at
 * the list as the user sees what the user sees, and the user never sees the admin's visit.
 */
function hideImpersonationSessions(sessions: Session[]): Session[] {
  return sessions.filter((session) => !adminSchema.session(session).impersonatedBy);
}

export function adminHooks(options: ResolvedAdminOptions): PluginHooks {
  return {
    beforeCreateSession: refuseBannedUser,
    // The last admin cannot delete their own account either: nobody would be left to administer.
    deleteUser: async (userId, auth) => {
      await deleteKeepingAnAdmin(auth, options, userId);
    },
    visibleSessions: hideImpersonationSessions,
  };
}
