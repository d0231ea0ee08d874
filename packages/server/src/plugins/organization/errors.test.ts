import { describe, expect, it } from 'vitest';
import { ORGANIZATION_ERRORS } from './errors';

/**
 * The route suites assert answers against these entries, so the wording itself is pinned here once:
 * better-auth's clients match on these statuses and messages, and on the codes derived from them.
 */
describe('the organization error catalogue', () => {
  it("answers each refusal with better-auth's status and message", () => {
    const wording = Object.fromEntries(
      Object.entries(ORGANIZATION_ERRORS).map(([name, entry]) => [name, `${entry.status} ${entry.message}`]),
    );
    expect(wording).toEqual({
      notAllowedToCreateOrganization: '403 You are not allowed to create a new organization',
      // Latchkey's own, for its list-user-organizations route.
      notAllowedToListUserOrganizations: "403 You are not allowed to list this user's organizations",
      notAllowedToUpdateOrganization: '403 You are not allowed to update this organization',
      notAllowedToDeleteOrganization: '403 You are not allowed to delete this organization',
      organizationLimitReached: '403 You have reached the maximum number of organizations',
      teamLimitReached: '400 You have reached the maximum number of teams',
      organizationAlreadyExists: '400 Organization already exists',
      slugIsTaken: '400 slug is taken',
      organizationNotFound: '400 Organization not found',
      notAMember: '403 User is not a member of the organization',
      noActiveOrganization: '400 No active organization',
      alreadyAMember: '400 User is already a member of this organization',
      memberNotFound: '400 Member not found',
      roleNotFound: '400 Role not found',
      teamAlreadyExists: '400 Team already exists',
      teamNotFound: '400 Team not found',
      cannotLeaveAsOnlyOwner: '400 You cannot leave the organization as the only owner',
      cannotLeaveWithoutOwner: '400 You cannot leave the organization without an owner',
      notAllowedToDeleteMember: '403 You are not allowed to delete this member',
      notAllowedToUpdateMember: '403 You are not allowed to update this member',
      notAllowedToInvite: '403 You are not allowed to invite users to this organization',
      notAllowedToInviteWithRole: '403 You are not allowed to invite a user with this role',
      alreadyInvited: '400 User is already invited to this organization',
      invitationNotFound: '400 Invitation not found',
      notTheRecipient: '403 You are not the recipient of the invitation',
      notAllowedToCancelInvitation: '403 You are not allowed to cancel this invitation',
      inviterNoLongerMember: '400 Inviter is no longer a member of the organization',
      unableToRemoveLastTeam: '400 Unable to remove last team',
      membershipLimitReached: '403 Organization membership limit reached',
      notAllowedToCreateTeams: '403 You are not allowed to create teams in this organization',
      notAllowedToDeleteTeams: '403 You are not allowed to delete teams in this organization',
      notAllowedToUpdateTeams: '403 You are not allowed to update this team',
      notAllowedToDeleteTeam: '403 You are not allowed to delete this team',
      emailNotVerifiedForInvitation: '403 Email verification required before accepting or rejecting invitation',
      emailNotVerifiedToViewInvitations:
        '403 Email verification required to view or list invitations for the session email',
      notATeamMember: '403 User is not a member of the team',
      noActiveTeam: '400 You do not have an active team',
      notAllowedToCreateTeamMember: '403 You are not allowed to create a new member',
      notAllowedToRemoveTeamMember: '403 You are not allowed to remove a team member',
    });
  });

  it("answers better-auth's codes: derived from the message, except where better-auth names its own", () => {
    expect(ORGANIZATION_ERRORS.emailNotVerifiedToViewInvitations.code).toBe(
      'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION',
    );
    expect(ORGANIZATION_ERRORS.notAMember.code).toBe('USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
  });
});
