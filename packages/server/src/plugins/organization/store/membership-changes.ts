/**
 * @module Membership changes a route makes, each in one transaction behind the organization row's
 * lock with the rules it must keep (member-rules.ts): adding a member, changing a member's roles,
 * and removing a membership with what hangs on it (team seats, sessions whose active organization
 * it was).
 */
import type { PluginHost, SessionScope } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { isOwner } from '../member-roles';
import { activeOrganizationOf, type Member } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { organizationSchema } from '../schema';
import { inLockedTransaction } from './locked-transaction';
import { insertMemberWithinLimit, refuseRemovingOnlyOwner, type NewMember } from './member-rules';

/**
 * add-member's insert (with its team seat), within the membership limit: counted and inserted in
 * one transaction behind the organization row's lock, so parallel adds queue instead of each
 * seeing room for one more.
 */
export async function createMembership(
  auth: PluginHost,
  member: NewMember,
  teamId: string | null | undefined,
  membershipLimit: number,
): Promise<void> {
  await inLockedTransaction(auth, { table: 'organization', id: member.organizationId }, (trx) =>
    insertMemberWithinLimit(trx, member, teamId, membershipLimit),
  );
}

/**
 * Removes a membership with what depends on it: the user's seats in the organization's teams, and
 * the organization (and its team) as the active one of the user's sessions (SPEC §4: cleared on
 * leave and removal), so no session keeps pointing at an organization it may no longer use.
 * 400 `cannot leave as the only owner` for the only owner, checked behind the organization row's
 * lock (taken before any of those rows, as every locked transaction does).
 */
export async function deleteMembership(
  auth: PluginHost,
  options: ResolvedOrganizationOptions,
  member: Pick<Member, 'id' | 'organizationId' | 'userId'>,
): Promise<void> {
  await inLockedTransaction(auth, { table: 'organization', id: member.organizationId }, async (trx) => {
    await refuseRemovingOnlyOwner(trx, options, member, ORGANIZATION_ERRORS.cannotLeaveAsOnlyOwner);
    const teamIds = trx.selectFrom('team').select('id').where('organizationId', '=', member.organizationId);
    await trx.deleteFrom('teamMember').where('userId', '=', member.userId).where('teamId', 'in', teamIds).execute();
    await trx.deleteFrom('member').where('id', '=', member.id).execute();
    await organizationSchema.updateSessions(
      auth,
      trx,
      { userId: member.userId, activeOrganizationId: member.organizationId },
      { activeOrganizationId: null, activeTeamId: null },
    );
  });
}

/**
 * Mirrors deleteMembership's update of the caller's sessions in the current one, whose cookie cache
 * then shows it at once.
 */
export async function forgetActiveOrganization(ctx: SessionScope, organizationId: string): Promise<void> {
  if (activeOrganizationOf(ctx.session) !== organizationId) return;
  await organizationSchema.updateCurrentSession(ctx, { activeOrganizationId: null, activeTeamId: null });
}

/**
 * Stores `role` as toStoredMemberRole made it (comma-joined names). A role without the owner's
 * takes 400 `cannot leave the organization without an owner` (better-auth's entry for a role
 * change) from the only owner, checked behind the organization row's lock, so two owners demoted
 * in parallel cannot both lose it.
 */
export async function setMemberRole(
  auth: PluginHost,
  options: ResolvedOrganizationOptions,
  member: Pick<Member, 'id' | 'organizationId'>,
  role: string,
): Promise<void> {
  await inLockedTransaction(auth, { table: 'organization', id: member.organizationId }, async (trx) => {
    if (!isOwner(options, { role }))
      await refuseRemovingOnlyOwner(trx, options, member, ORGANIZATION_ERRORS.cannotLeaveWithoutOwner);
    await trx.updateTable('member').set({ role }).where('id', '=', member.id).execute();
  });
}
