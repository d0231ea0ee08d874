/**
 * @module What a member's role lets them do in an organization, to hide or disable the actions
 * they cannot take. It mirrors the server's default role table (SPEC §6, the organization
 * plugin's access-control.ts): owner everything; admin the same but deleting the organization;
 * member nothing. Only an owner gives or changes the owner role. The server decides in the end
 * and its refusal is shown; this only spares people buttons that cannot work.
 */
export const ORGANIZATION_ROLES = ['owner', 'admin', 'member'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

const OWNER_ROLE: OrganizationRole = 'owner';

/** An admin's grants: everything but deleting the organization, which is the owner's alone. */
const ADMIN_GRANTS = [
  'organization:update',
  'member:create',
  'member:update',
  'member:delete',
  'invitation:create',
  'invitation:cancel',
  'team:create',
  'team:update',
  'team:delete',
] as const;

const GRANTS: Record<OrganizationRole, readonly string[]> = {
  owner: [...ADMIN_GRANTS, 'organization:delete'],
  admin: ADMIN_GRANTS,
  member: [],
};

/** A member's role may list several roles, comma-joined: the union of their grants. */
export function memberRoles(role: string | null | undefined): string[] {
  return (role ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}

export function isOwner(role: string | null | undefined): boolean {
  return memberRoles(role).includes(OWNER_ROLE);
}

function may(role: string | null | undefined, permission: string): boolean {
  return memberRoles(role).some((name) =>
    (GRANTS as Record<string, readonly string[] | undefined>)[name]?.includes(permission),
  );
}

export interface MemberAbilities {
  isOwner: boolean;
  updateOrganization: boolean;
  deleteOrganization: boolean;
  updateMembers: boolean;
  removeMembers: boolean;
  invite: boolean;
  cancelInvitations: boolean;
  createTeams: boolean;
  updateTeams: boolean;
  deleteTeams: boolean;
}

/** `role` undefined: not (yet) known to be a member, so nothing. */
export function abilitiesOf(role: string | null | undefined): MemberAbilities {
  return {
    isOwner: isOwner(role),
    updateOrganization: may(role, 'organization:update'),
    deleteOrganization: may(role, 'organization:delete'),
    updateMembers: may(role, 'member:update'),
    removeMembers: may(role, 'member:delete'),
    invite: may(role, 'invitation:create'),
    cancelInvitations: may(role, 'invitation:cancel'),
    createTeams: may(role, 'team:create'),
    updateTeams: may(role, 'team:update'),
    deleteTeams: may(role, 'team:delete'),
  };
}

/** Whether the caller may change `target`'s role or remove them: owners only by owners. */
export function mayManageMember(caller: MemberAbilities, targetRole: string, action: 'update' | 'remove'): boolean {
  const allowed = action === 'update' ? caller.updateMembers : caller.removeMembers;
  return allowed && (caller.isOwner || !isOwner(targetRole));
}

/**
 * Whether `userId` is the only owner among `members`: the server refuses both their leaving and
 * their giving up the owner role (nobody would be left who may delete the organization), so the
 * app disables both and says why instead of offering an action that can only fail.
 */
export function isSoleOwner(members: readonly { userId: string; role: string }[], userId: string): boolean {
  const owners = members.filter((member) => isOwner(member.role));
  return owners.length === 1 && owners[0]?.userId === userId;
}

/** The roles the caller may give: the owner role only by an owner. */
export function assignableRoles(caller: MemberAbilities): OrganizationRole[] {
  return ORGANIZATION_ROLES.filter((role) => role !== OWNER_ROLE || caller.isOwner);
}
