/**
 * @module The organization plugin's answer to the contract's `organizationFacts` hook: a user's
 * memberships (organization, role, and what the role grants in this plugin's access control) and
 * the one the asking session acts for. Other plugins (the oauth-provider's `organization` scope and
 * organization-owned clients) learn organizations only through it, never from these tables.
 */
import type { CurrentSession, OrganizationFacts, OrganizationMembership, PluginHost } from '../../plugin';
import { organizationRolesAllow } from './access-control';
import { activeOrganizationOf } from './membership';
import type { ResolvedOrganizationOptions } from './options';
import { organizationDb } from './schema';

export function organizationFacts(options: ResolvedOrganizationOptions) {
  return async (userId: string, session: CurrentSession | null, auth: PluginHost): Promise<OrganizationFacts> => {
    const rows = await organizationDb(auth)
      .selectFrom('member')
      .innerJoin('organization', 'organization.id', 'member.organizationId')
      .select(['organization.id', 'organization.slug', 'organization.name', 'member.role'])
      .where('member.userId', '=', userId)
      .orderBy('member.createdAt')
      .orderBy('organization.id')
      .execute();
    const memberships = rows.map((row): OrganizationMembership => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      role: row.role,
      grants: (permissions) => organizationRolesAllow(options.roles, row.role, permissions),
    }));
    // The session's active organization counts only while the user is still its member: a session
    // whose cookie cache is older than a removal must not act for the organization it left.
    const activeId = session && session.user.id === userId ? activeOrganizationOf(session) : null;
    return { memberships, active: memberships.find((m) => m.id === activeId) ?? null };
  };
}
