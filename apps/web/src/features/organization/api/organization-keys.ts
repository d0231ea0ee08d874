/**
 * @module The TanStack Query keys of the organization feature, in one place so that a mutation
 * invalidates exactly what it changed: everything under one organization's key (its details,
 * members, invitations, teams) after a change to it, the user's own invitations after answering one.
 */
export const organizationKeys = {
  /** Every query about one organization: the prefix invalidated after any change to it. */
  organization: (organizationId: string) => ['organization', organizationId] as const,
  full: (organizationId: string) => ['organization', organizationId, 'full'] as const,
  members: (organizationId: string) => ['organization', organizationId, 'members'] as const,
  invitations: (organizationId: string) => ['organization', organizationId, 'invitations'] as const,
  teams: (organizationId: string) => ['organization', organizationId, 'teams'] as const,
  slug: (slug: string) => ['organization-slug', slug] as const,
  userInvitations: () => ['user-invitations'] as const,
  invitation: (invitationId: string) => ['invitation', invitationId] as const,
};
