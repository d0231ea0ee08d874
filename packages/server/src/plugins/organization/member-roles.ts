/**
 * @module A member's role names: whether they make an owner, and the stored form of the roles a
 * route is given (names of the roles table, comma-joined).
 */
import { AuthError } from '../../plugin';
import { memberRoles } from './access-control';
import { ORGANIZATION_ERRORS } from './errors';
import type { Member } from './membership';
import type { ResolvedOrganizationOptions } from './options';

export function isOwner(options: ResolvedOrganizationOptions, member: Pick<Member, 'role'>): boolean {
  return memberRoles(member.role).includes(options.creatorRole);
}

/**
 * Every name must be one of the roles table's own keys (`Object.hasOwn`: `constructor` is not a
 * role), else 400 `Role not found`; stored comma-joined as better-auth stores several roles.
 */
export function toStoredMemberRole(options: ResolvedOrganizationOptions, role: string | readonly string[]): string {
  const names = (Array.isArray(role) ? role : [role]).flatMap((r: string) => memberRoles(r));
  if (names.length === 0) throw new AuthError(ORGANIZATION_ERRORS.roleNotFound);
  for (const name of names) {
    if (!Object.hasOwn(options.roles, name)) throw new AuthError(ORGANIZATION_ERRORS.roleNotFound);
  }
  return [...new Set(names)].join(',');
}
