/**
 * @module The TanStack Query keys of the organization feature, in one place so that the app's
 * cache rules (`app/stale-after.ts`) name exactly what a change makes stale: the user's list of
 * organizations, everything about the organizations (details, members, invitations, teams), the
 * user's own invitations.
 */
export const organizationKeys = {
  /** The user's organizations (GET /organization/list), shown by the list and the header's switcher. */
  list: () => ['organizations'] as const,
  /** Every query about any one organization: the prefix a change to one invalidates. */
  all: () => ['organization'] as const,
  /** Every query about one organization. */
  organization: (organizationId: string) => ['organization', organizationId] as const,
  full: (organizationId: string) => ['organization', organizationId, 'full'] as const,
  members: (organizationId: string) => ['organization', organizationId, 'members'] as const,
  invitations: (organizationId: string) => ['organization', organizationId, 'invitations'] as const,
  teams: (organizationId: string) => ['organization', organizationId, 'teams'] as const,
  /** The OAuth applications the organization owns (GET /oauth2/get-clients?organization_id=). */
  applications: (organizationId: string) => ['organization', organizationId, 'applications'] as const,
  teamMembers: (organizationId: string, teamId: string) =>
    ['organization', organizationId, 'teams', teamId, 'members'] as const,
  slug: (slug: string) => ['organization-slug', slug] as const,
  userInvitations: () => ['user-invitations'] as const,
  invitation: (invitationId: string) => ['invitation', invitationId] as const,
};
