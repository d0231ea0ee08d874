/**
 * @module The admin plugin's hooks into the engine: banned users cannot start a session, whatever
 * the way in (SPEC §4, §6), the last admin cannot delete their own account, GET /list-sessions
 * hides impersonation sessions, an impersonation session cannot change how the account signs in,
 * its events name the admin as actor, and other plugins' routes ask it for platform permissions.
 */
import {
  AuthError,
  coreRowGuard,
  type PluginHost,
  type CurrentSession,
  type PluginHooks,
  type Session,
  type User,
} from '../../plugin';
import { ADMIN_ERRORS } from './errors';
import { keepingAnAdmin } from './last-admin';
import { isAllowed } from './require-permission';
import type { ResolvedAdminOptions } from './options';
import { adminSchema } from './schema';

/**
 * Refuses a session to a user whose ban holds. A ban whose expiry has passed is lifted here, at
 * the next session creation (SPEC §4), as better-auth does: there is no background job to lift it.
 */
async function refuseBannedUser(created: User, auth: PluginHost): Promise<void> {
  const user = adminSchema.user(created);
  if (user.banned !== true) return;
  const expires = user.banExpires;
  if (!expires || expires > auth.now()) throw new AuthError(ADMIN_ERRORS.bannedUser);
  const lifted = { banned: false, banReason: null, banExpires: null };
  await adminSchema.updateUser(auth, user.id, { ...lifted, updatedAt: auth.now() });
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

/**
 * An impersonation session may look and act within the account, but not add or remove a way to
 * sign in to it (docs/decisions.md, Admin): a passkey, a password, a linked identity or an address the
 * admin added would sign them in as the user after stop-impersonating, unseen and unaudited as an
 * impersonation; a second factor turned off, an e-mail changed or the account deleted would do
 * the user lasting harm that impersonation is not for. Admin routes with their own permission
 * (set-user-password, reset-user-two-factor) are the audited way to do such things.
 */
async function refuseImpersonatedCredentialChange(current: CurrentSession): Promise<void> {
  if (adminSchema.session(current.session).impersonatedBy) {
    throw new AuthError(ADMIN_ERRORS.impersonationCannotChangeSignIn);
  }
}

export function adminHooks(options: ResolvedAdminOptions): PluginHooks {
  return {
    beforeCreateSession: refuseBannedUser,
    // The last admin cannot be removed nor delete their own account: nobody would be left to
    // administer. The engine deletes the row inside this guard's transaction.
    guardUserDeletion: (userId, auth) => coreRowGuard(keepingAnAdmin(auth, options, userId, () => false)),
    visibleSessions: hideImpersonationSessions,
    beforeCredentialChange: refuseImpersonatedCredentialChange,
    // What is done through an impersonation session is the admin's doing, done to the user.
    sessionActor: (current) => adminSchema.session(current.session).impersonatedBy,
    // Other plugins' routes follow the platform roles through the contract, never importing this one.
    hasPermission: async (current, permissions) => isAllowed(options, current.user, permissions),
  };
}
