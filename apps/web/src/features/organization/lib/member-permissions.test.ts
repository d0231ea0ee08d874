/**
 * What a member's role lets them do, as the server's default role table says (SPEC §6): an owner
 * everything, an admin the same but deleting the organization, a member nothing; a comma-joined
 * role has the union of its roles' grants.
 */
import { describe, expect, it } from 'vitest';
import { abilitiesOf, assignableRoles } from './member-permissions';

const EVERYTHING = {
  isOwner: true,
  updateOrganization: true,
  deleteOrganization: true,
  updateMembers: true,
  removeMembers: true,
  invite: true,
  cancelInvitations: true,
  createTeams: true,
  updateTeams: true,
  deleteTeams: true,
};
const NOTHING = Object.fromEntries(Object.keys(EVERYTHING).map((key) => [key, false]));

describe('abilitiesOf', () => {
  it.each([
    ['owner', EVERYTHING],
    ['admin', { ...EVERYTHING, isOwner: false, deleteOrganization: false }],
    ['member', NOTHING],
    ['member, owner', EVERYTHING],
    [undefined, NOTHING],
  ])('gives the role %j its grants', (role, abilities) => {
    expect(abilitiesOf(role)).toEqual(abilities);
  });

  it('lets only an owner give the owner role', () => {
    expect(assignableRoles(abilitiesOf('owner'))).toEqual(['owner', 'admin', 'member']);
    expect(assignableRoles(abilitiesOf('admin'))).toEqual(['admin', 'member']);
  });
});
