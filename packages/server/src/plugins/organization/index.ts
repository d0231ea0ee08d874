/**
 * @module The organization plugin (SPEC §3–§9, Organization): organizations with members, roles,
 * invitations and teams, and the session's active organization, as routes under /organization.
 * It uses the engine only through the contract (`src/plugin`).
 */
import { definePlugin } from '../../plugin';
import { ORGANIZATION_ERRORS } from './errors';
import { ORGANIZATION_EVENTS } from './events';
import { ORGANIZATION_DEFAULTS, resolveOrganizationOptions, type OrganizationOptions } from './options';
import { organizationMigration } from './migrations/0300-organization';
import { invitationExpiryIndexMigration } from './migrations/0301-invitation-expiry-index';
import { memberPageIndexMigration } from './migrations/0305-member-page-index';
import { createOrganization } from './routes/create-organization';
import { checkOrganizationSlug } from './routes/check-slug';
import { updateOrganization } from './routes/update-organization';
import { deleteOrganization } from './routes/delete-organization';
import { setActiveOrganization } from './routes/set-active-organization';
import { getFullOrganization } from './routes/get-full-organization';
import { listOrganizations } from './routes/list-organizations';
import { listUserOrganizationsForAdmin } from './routes/list-user-organizations';
import { addMember } from './routes/add-member';
import { removeMember } from './routes/remove-member';
import { updateMemberRole } from './routes/update-member-role';
import { leaveOrganization } from './routes/leave-organization';
import { getActiveMember } from './routes/get-active-member';
import { getActiveMemberRole } from './routes/get-active-member-role';
import { listMembers } from './routes/list-members';
import { hasPermission } from './routes/has-permission';
import { createInvitation } from './routes/invite-member';
import { acceptInvitation } from './routes/accept-invitation';
import { rejectInvitation } from './routes/reject-invitation';
import { cancelInvitation } from './routes/cancel-invitation';
import { getInvitation } from './routes/get-invitation';
import { getInvitationPreview } from './routes/get-invitation-preview';
import { listInvitations } from './routes/list-invitations';
import { listUserInvitations } from './routes/list-user-invitations';
import { createTeam } from './routes/create-team';
import { listOrganizationTeams } from './routes/list-teams';
import { updateTeam } from './routes/update-team';
import { removeTeam } from './routes/remove-team';
import { setActiveTeam } from './routes/set-active-team';
import { listUserTeams } from './routes/list-user-teams';
import { listTeamMembers } from './routes/list-team-members';
import { addTeamMember } from './routes/add-team-member';
import { removeTeamMember } from './routes/remove-team-member';
import { ORGANIZATION_EXPIRING_ROWS, organizationSchema } from './schema';
import { organizationFacts } from './organization-facts';

export { ORGANIZATION_DEFAULTS, ORGANIZATION_ERRORS, type OrganizationOptions };

export function organizationPlugin(options: OrganizationOptions = {}) {
  const resolved = resolveOrganizationOptions(options);
  return definePlugin({
    id: 'organization',
    errors: ORGANIZATION_ERRORS,
    events: ORGANIZATION_EVENTS,
    endpoints: [
      createOrganization(resolved),
      checkOrganizationSlug(resolved),
      updateOrganization(resolved),
      deleteOrganization(resolved),
      setActiveOrganization(resolved),
      getFullOrganization(resolved),
      listOrganizations(resolved),
      listUserOrganizationsForAdmin(resolved),
      addMember(resolved),
      removeMember(resolved),
      updateMemberRole(resolved),
      leaveOrganization(resolved),
      getActiveMember(resolved),
      getActiveMemberRole(resolved),
      listMembers(resolved),
      hasPermission(resolved),
      createInvitation(resolved),
      acceptInvitation(resolved),
      rejectInvitation(resolved),
      cancelInvitation(resolved),
      getInvitation(resolved),
      getInvitationPreview(resolved),
      listInvitations(resolved),
      listUserInvitations(resolved),
      // Typed as present either way (types cannot see an option's value): without teams, a client's
      // team calls answer 404 and `auth.api` has no such functions.
      ...(resolved.teams.enabled
        ? [
            createTeam(resolved),
            listOrganizationTeams(resolved),
            updateTeam(resolved),
            removeTeam(resolved),
            setActiveTeam(resolved),
            listUserTeams(resolved),
            listTeamMembers(resolved),
            addTeamMember(resolved),
            removeTeamMember(resolved),
          ]
        : []),
    ],
    migrations: [organizationMigration, invitationExpiryIndexMigration, memberPageIndexMigration],
    expiringRows: ORGANIZATION_EXPIRING_ROWS,
    hooks: { organizationFacts: organizationFacts(resolved) },
    fields: organizationSchema.fields,
  });
}
