/**
 * @module Platform roles and what they may do (SPEC §6): resources with actions, roles granting
 * subsets. A user's `role` may list several roles, comma-separated: it has the union of their
 * permissions. Configured admin user ids always pass.
 */

export const ADMIN_STATEMENTS = {
  user: ['create', 'list', 'set-role', 'ban', 'impersonate', 'delete', 'set-password', 'get', 'update'],
  session: ['list', 'revoke', 'delete'],
} as const;

export type Resource = keyof typeof ADMIN_STATEMENTS;
export type PermissionRequest = Partial<Record<string, readonly string[]>>;
export type RoleTable = Readonly<Record<string, Readonly<Partial<Record<string, readonly string[]>>>>>;

export const DEFAULT_ROLES: RoleTable = Object.freeze({
  admin: { user: [...ADMIN_STATEMENTS.user], session: [...ADMIN_STATEMENTS.session] },
  user: {},
});

export function rolesOf(role: unknown): string[] {
  return typeof role === 'string' ? role.split(',').map((r) => r.trim()).filter(Boolean) : [];
}

/** True when the union of `role`'s roles grants every action requested. */
export function rolesAllow(roles: RoleTable, role: unknown, request: PermissionRequest): boolean {
  const granted = rolesOf(role).map((name) => roles[name]).filter((r) => r !== undefined);
  return Object.entries(request).every(([resource, actions]) =>
    (actions ?? []).every((action) => granted.some((g) => g[resource]?.includes(action))),
  );
}
