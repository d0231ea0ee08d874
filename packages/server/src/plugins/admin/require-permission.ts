/**
 * @module The check at the top of every admin route: the caller's roles must grant the actions,
 * or the caller is one of the configured admin user ids; else the route's own 403.
 */
import { AuthError, type CurrentSession, type ErrorEntry } from '../../plugin';
import { rolesAllow, type PermissionRequest } from './access-control';
import type { ResolvedAdminOptions } from './options';

export function isAllowed(
  options: ResolvedAdminOptions,
  user: { id: string; role?: unknown },
  request: PermissionRequest,
): boolean {
  return options.adminUserIds.has(user.id) || rolesAllow(options.roles, user.role, request);
}

export function requirePermission(
  options: ResolvedAdminOptions,
  current: CurrentSession,
  request: PermissionRequest,
  refusal: ErrorEntry,
): void {
  if (!isAllowed(options, current.user, request)) throw new AuthError(refusal);
}
