/**
 * @module Organization roles and what they may do (SPEC §6): owner everything; admin the same
 * but deleting the organization; member nothing. A member's `role` may list several roles,
 * comma-separated: the union of their permissions. The table is configurable; `member` must be in it.
 */

export type OrganizationRoleTable = Readonly<Record<string, Readonly<Partial<Record<string, readonly string[]>>>>>;

export const DEFAULT_ORGANIZATION_ROLES: OrganizationRoleTable = Object.freeze({
  owner: {
    organization: ['update', 'delete'],
    member: ['create', 'update', 'delete'],
    invitation: ['create', 'cancel'],
    team: ['create', 'update', 'delete'],
  },
  admin: {
    organization: ['update'],
    member: ['create', 'update', 'delete'],
    invitation: ['create', 'cancel'],
    team: ['create', 'update', 'delete'],
  },
  member: {},
});

export function memberRoles(role: unknown): string[] {
  return typeof role === 'string'
    ? role
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean)
    : [];
}

export function organizationRolesAllow(
  roles: OrganizationRoleTable,
  role: unknown,
  request: Partial<Record<string, readonly string[]>>,
): boolean {
  const granted = memberRoles(role)
    .map((name) => roles[name])
    .filter((r) => r !== undefined);
  return Object.entries(request).every(([resource, actions]) =>
    (actions ?? []).every((action) => granted.some((g) => g[resource]?.includes(action))),
  );
}
