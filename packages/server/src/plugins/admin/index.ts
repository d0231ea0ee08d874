/**
 * @module The admin plugin (SPEC §3, §4, §6, §7, §8): platform roles and permissions, user
 * management, bans and impersonation, as routes under /admin. It uses the engine only through
 * the contract (`src/plugin`).
 */
import { definePlugin } from '../../plugin';
import { ADMIN_ERRORS } from './errors';
import { ADMIN_EVENTS } from './events';
import type { PermissionRequest } from './access-control';
import { ADMIN_DEFAULTS, resolveAdminOptions, type AdminOptions } from './options';
import { isAllowed } from './require-permission';
import { reachRefusal, type TargetAction } from './reach';
import { setRole } from './routes/set-role';
import { createUser } from './routes/create-user';
import { listUsers } from './routes/list-users';
import { exportUsersCsv } from './routes/export-users-csv';
import { getUser } from './routes/get-user';
import { adminUpdateUser } from './routes/update-user';
import { removeUser } from './routes/remove-user';
import { setUserPassword } from './routes/set-user-password';
import { userHasPermission } from './routes/has-permission';
import { listUserSessions } from './routes/list-user-sessions';
import { listUserAccounts } from './routes/list-user-accounts';
import { adminSendVerificationEmail } from './routes/send-verification-email';
import { revokeUserSession } from './routes/revoke-user-session';
import { revokeUserSessions } from './routes/revoke-user-sessions';
import { banUser } from './routes/ban-user';
import { unbanUser } from './routes/unban-user';
import { impersonateUser } from './routes/impersonate-user';
import { stopImpersonating } from './routes/stop-impersonating';
import { adminHooks } from './hooks';
import { afterEmailVerifiedHook, afterUserCreatedHook, promoteAdminEmails, provisionAdmin } from './admin-emails';
import { adminSchema } from './schema';
import { adminMigration } from './migrations/0200-admin';
import { userSortIndexesMigration } from './migrations/0201-user-sort-indexes';
import { userSearchIndexMigration } from './migrations/0202-user-search-index';
import { lastSignInMigration } from './migrations/0203-last-sign-in';
import { lastSignInObserver } from './last-sign-in';

export { ADMIN_DEFAULTS, ADMIN_ERRORS, type AdminOptions };
export {
  ADMIN_STATEMENTS,
  DEFAULT_ROLES as DEFAULT_ADMIN_ROLES,
  type RoleTable as AdminRoleTable,
} from './access-control';
export type { ProvisionAdminInput, ProvisionAdminResult } from './admin-emails';

/**
 * Whether a user's platform roles (or the configured admin ids) grant the actions, for a host that
 * lets another plugin's route follow the admin plugin's roles: plugins never import each other.
 */
export function platformPermission(options: AdminOptions = {}) {
  const resolved = resolveAdminOptions(options);
  return (user: { id: string; role?: unknown }, request: PermissionRequest) => isAllowed(resolved, user, request);
}

/**
 * Whether `actor` may take `action` on `target` under the reach rule (reach.ts), for a host that
 * lets another plugin's route act on users (the two-factor plugin's reset-user-two-factor).
 */
export function platformReach(options: AdminOptions = {}) {
  const resolved = resolveAdminOptions(options);
  return (actor: { id: string; role?: unknown }, target: { id: string; role?: unknown }, action: TargetAction) =>
    reachRefusal(resolved, actor, target, action) === null;
}

export function adminPlugin(options: AdminOptions = {}) {
  const resolved = resolveAdminOptions(options);
  return definePlugin({
    id: 'admin',
    errors: ADMIN_ERRORS,
    events: ADMIN_EVENTS,
    endpoints: [
      setRole(resolved),
      createUser(resolved),
      listUsers(resolved),
      exportUsersCsv(resolved),
      getUser(resolved),
      adminUpdateUser(resolved),
      removeUser(resolved),
      setUserPassword(resolved),
      userHasPermission(resolved),
      listUserSessions(resolved),
      listUserAccounts(resolved),
      adminSendVerificationEmail(resolved),
      revokeUserSession(resolved),
      revokeUserSessions(resolved),
      banUser(resolved),
      unbanUser(resolved),
      impersonateUser(resolved),
      stopImpersonating(resolved),
      promoteAdminEmails(resolved),
      provisionAdmin(resolved),
    ],
    migrations: [adminMigration, userSortIndexesMigration, userSearchIndexMigration, lastSignInMigration],
    fields: adminSchema.fields,
    hooks: {
      ...adminHooks(resolved),
      afterUserCreated: afterUserCreatedHook(resolved),
      afterEmailVerified: afterEmailVerifiedHook(resolved),
      event: lastSignInObserver,
    },
  });
}
