/**
 * @module Platform roles and what they may do (SPEC §6): resources with actions, roles granting
 * subsets. A user's `role` may list several roles, comma-separated: it has the union of their
 * permissions. Configured admin user ids always pass.
 */

export const ADMIN_STATEMENTS = {
  user: [
    'create',
    'list',
    'set-role',
    'ban',
    'impersonate',
    'impersonate-admins',
    'delete',
    'set-password',
    'get',
    'update',
    // better-auth 1.7's: changing a user's e-mail address or its verified flag (update-user).
    'set-email',
    // Latchkey's own, after better-auth's `impersonate-admins`: each action on another admin
    // (reach.ts; docs/decisions.md, Admin).
    'set-role-admins',
    'ban-admins',
    'delete-admins',
    'set-password-admins',
    'update-admins',
  ],
  session: ['list', 'revoke', 'delete', 'revoke-admins'],
  // Latchkey's own: reading the audit log (the audit plugin's list-audit-events, wired by the host).
  audit: ['list'],
  // Latchkey's own: turning a user's two-factor off (the two-factor plugin's reset-user-two-factor).
  twoFactor: ['reset', 'reset-admins'],
  // Latchkey's own: the oauth-provider plugin's admin routes and the client fields only a platform
  // admin may set (skip_consent and the like), asked through the contract's sessionHasPermission.
  oauthClient: ['create', 'update', 'delete', 'read'],
  // Latchkey's own: another user's passkeys on their page (the passkey plugin's admin routes, wired
  // by the host); deleting an admin's takes `delete-admins` as well.
  passkey: ['list', 'delete', 'delete-admins'],
} as const;

/**
 * better-auth 1.7's `adminAc`: every statement but those acting on other admins
 * (`impersonate-admins` and Latchkey's other `-admins`), which an operator grants to a role of
 * their own so that one admin cannot silently act as another, or take over their account.
 */
function withoutAdminTargets(actions: readonly string[]): string[] {
  return actions.filter((action) => !action.endsWith('-admins'));
}

export type Resource = keyof typeof ADMIN_STATEMENTS;
export type PermissionRequest = Partial<Record<string, readonly string[]>>;
export type RoleTable = Readonly<Record<string, Readonly<Partial<Record<string, readonly string[]>>>>>;

export const DEFAULT_ROLES: RoleTable = Object.freeze({
  admin: {
    user: withoutAdminTargets(ADMIN_STATEMENTS.user),
    session: withoutAdminTargets(ADMIN_STATEMENTS.session),
    audit: [...ADMIN_STATEMENTS.audit],
    twoFactor: withoutAdminTargets(ADMIN_STATEMENTS.twoFactor),
    oauthClient: [...ADMIN_STATEMENTS.oauthClient],
    passkey: withoutAdminTargets(ADMIN_STATEMENTS.passkey),
  },
  user: {},
});

export function rolesOf(role: unknown): string[] {
  return typeof role === 'string'
    ? role
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean)
    : [];
}

/**
 * Whether a user counts as an administrator, as better-auth's impersonate-user decides it: one of
 * its roles (the default role when it has none) is an admin role, or its id is a configured admin
 * user id.
 */
export function isAdminUser(
  options: { adminRoles: readonly string[]; adminUserIds: ReadonlySet<string>; defaultRole: string },
  user: { id: string; role?: unknown },
): boolean {
  if (options.adminUserIds.has(user.id)) return true;
  const roles = rolesOf(user.role);
  return (roles.length > 0 ? roles : [options.defaultRole]).some((role) => options.adminRoles.includes(role));
}

/** True when the union of `role`'s roles grants every action requested. */
export function rolesAllow(roles: RoleTable, role: unknown, request: PermissionRequest): boolean {
  const granted = rolesOf(role)
    .map((name) => roles[name])
    .filter((r) => r !== undefined);
  return Object.entries(request).every(([resource, actions]) =>
    (actions ?? []).every((action) => granted.some((g) => g[resource]?.includes(action))),
  );
}
