/**
 * @module Whom an actor may act on (docs/decisions.md, Admin): an admin action on another user (set a
 * password, reset two-factor, revoke sessions, ban, unban, remove, set a role, update, impersonate)
 * needs, besides the route's own permission,
 * - when the target is an admin, the action's `-admins` permission in the same resource
 *   (`user:set-password-admins`, `session:revoke-admins`, …), as better-auth 1.7 asks
 *   `user:impersonate-admins` to impersonate one; the built-in admin role grants none of them;
 * - that the target's permissions are a subset of the actor's own.
 * And a role an actor grants (set-role, update-user) grants nothing the actor lacks.
 * Configured admin user ids pass, as they pass every permission check (SPEC §6).
 *
 * Why: otherwise a lesser role climbs. A role holding only `user:set-password` would set an
 * admin's password and sign in as them; one holding only `user:impersonate` would impersonate a
 * user who holds `user:set-role` and make itself admin; one admin would silently take over
 * another's account (its password, its two-factor, its sessions).
 */
import { AuthError, type ErrorEntry } from '../../plugin';
import { ADMIN_STATEMENTS, isAdminUser, rolesAllow, rolesOf, type PermissionRequest } from './access-control';
import { ADMIN_ERRORS } from './errors';
import type { ResolvedAdminOptions } from './options';

interface Subject {
  id: string;
  role?: unknown;
}

/** One action of one resource, as a route asks for it: `{ user: ['set-password'] }` is ['user', 'set-password']. */
export type TargetAction = readonly [resource: string, action: string];

/** `resource:action` for every permission a role value grants. */
function grantsOfRole(options: ResolvedAdminOptions, role: unknown): Set<string> {
  const granted = new Set<string>();
  for (const name of rolesOf(role)) {
    // Own keys only, as toStoredRole reads the table: `constructor` names no role.
    const permissions = Object.hasOwn(options.roles, name) ? options.roles[name] : undefined;
    for (const [resource, actions] of Object.entries(permissions ?? {})) {
      for (const action of actions ?? []) granted.add(`${resource}:${action}`);
    }
  }
  return granted;
}

/** Every permission there is: the statements and whatever the roles table names besides. */
function everyPermission(options: ResolvedAdminOptions): Set<string> {
  const all = grantsOfRole(options, Object.keys(options.roles).join(','));
  for (const [resource, actions] of Object.entries(ADMIN_STATEMENTS)) {
    for (const action of actions) all.add(`${resource}:${action}`);
  }
  return all;
}

/** What a user may do: a configured admin user id may do everything. */
function permissionsOf(options: ResolvedAdminOptions, user: Subject): Set<string> {
  return options.adminUserIds.has(user.id) ? everyPermission(options) : grantsOfRole(options, user.role);
}

function covers(held: Set<string>, wanted: Set<string>): boolean {
  for (const permission of wanted) if (!held.has(permission)) return false;
  return true;
}

/**
 * Why `actor` may not take `action` on `target`, or null when it may. `adminRefusal` is the
 * answer for an admin target without the `-admins` permission (impersonation keeps better-auth's
 * `YOU_CANNOT_IMPERSONATE_ADMINS`).
 */
export function reachRefusal(
  options: ResolvedAdminOptions,
  actor: Subject,
  target: Subject,
  [resource, action]: TargetAction,
  adminRefusal: ErrorEntry = ADMIN_ERRORS.notAllowedToActOnAdmins,
): ErrorEntry | null {
  if (options.adminUserIds.has(actor.id)) return null;
  // Acting on oneself reaches nobody new; the routes' own rules (last admin, self-ban) still apply.
  if (actor.id === target.id) return null;
  const adminPermission: PermissionRequest = { [resource]: [`${action}-admins`] };
  if (isAdminUser(options, target) && !rolesAllow(options.roles, actor.role, adminPermission)) return adminRefusal;
  if (!covers(permissionsOf(options, actor), permissionsOf(options, target))) {
    return ADMIN_ERRORS.notAllowedToActOnMorePowerfulUsers;
  }
  return null;
}

/** Throws `reachRefusal`'s answer, if any. */
export function requireReach(
  options: ResolvedAdminOptions,
  actor: Subject,
  target: Subject,
  action: TargetAction,
  adminRefusal?: ErrorEntry,
): void {
  const refusal = reachRefusal(options, actor, target, action, adminRefusal);
  if (refusal) throw new AuthError(refusal);
}

/**
 * A role an actor gives (a stored, comma-joined role value) must grant nothing the actor lacks:
 * else a role holding `user:set-role` would give itself, or an accomplice, the admin role.
 */
export function requireGrantable(options: ResolvedAdminOptions, actor: Subject, role: string): void {
  if (options.adminUserIds.has(actor.id)) return;
  if (!covers(permissionsOf(options, actor), grantsOfRole(options, role))) {
    throw new AuthError(ADMIN_ERRORS.notAllowedToGrantMorePermissions);
  }
}
