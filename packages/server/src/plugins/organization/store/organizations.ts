/**
 * @module Queries on organizations as a whole: reading one by id or slug, the wire shapes (metadata
 * parsed or as stored), the full organization (members with their users, invitations, teams), creating
 * one with its owner in one transaction (within the creator's organization limit), updating and
 * deleting one (with the sessions it was active on), and the sessions' active organization.
 */
import type { Kysely, Selectable } from 'kysely';
import { AuthError, type PluginHost, type SessionScope } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { toInvitation } from './invitations';
import { inLockedTransaction } from './locked-transaction';
import { countMemberRows, listMembersWithUser } from './members';
import { activeOrganizationOf, findMember } from '../membership';
import { ORGANIZATION_DEFAULTS, type ResolvedOrganizationOptions } from '../options';
import { toTeam } from './teams';
import {
  organizationDb,
  organizationSchema,
  type MemberTable,
  type OrganizationDatabase,
  type OrganizationTable,
  type TeamMemberTable,
  type TeamTable,
} from '../schema';

export type OrganizationRow = Selectable<OrganizationTable>;

export interface OrganizationResponse<Metadata = unknown> {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: Metadata;
  createdAt: Date;
}

function parseMetadata(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Written by something other than this plugin: answer it as stored rather than fail the read.
    return text;
  }
}

/** As create and update answer it (better-auth parses metadata there): metadata an object. */
export function toOrganizationResponse(row: OrganizationRow): OrganizationResponse {
  return { ...toStoredOrganization(row), metadata: parseMetadata(row.metadata) };
}

/**
 * As list, set-active, get-full-organization and delete answer it: metadata the stored JSON text,
 * because better-auth answers it so there and applications written against it parse it themselves.
 */
export function toStoredOrganization(row: OrganizationRow): OrganizationResponse<string | null> {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    logo: row.logo,
    metadata: row.metadata,
    createdAt: row.createdAt,
  };
}

export function serializeMetadata(metadata: Record<string, unknown> | undefined | null): string | null | undefined {
  if (metadata === undefined) return undefined;
  return metadata === null ? null : JSON.stringify(metadata);
}

export async function findOrganization(
  auth: PluginHost,
  by: { id?: string; slug?: string },
): Promise<OrganizationRow | null> {
  let query = organizationDb(auth).selectFrom('organization').selectAll();
  if (by.id !== undefined) query = query.where('id', '=', by.id);
  else if (by.slug !== undefined) query = query.where('slug', '=', by.slug);
  else return null;
  return (await query.executeTakeFirst()) ?? null;
}

export async function slugIsTaken(auth: PluginHost, slug: string): Promise<boolean> {
  return (await findOrganization(auth, { slug })) !== null;
}

/** A row as written: dates as Date. */
type NewRow<T> = Omit<Selectable<T>, 'createdAt' | 'updatedAt'> & { createdAt: Date } & ('updatedAt' extends keyof T
    ? { updatedAt: Date }
    : unknown);

export interface NewOrganization {
  organization: NewRow<OrganizationTable>;
  member: NewRow<MemberTable>;
  /** With teams enabled: the default team and the creator's membership of it. */
  team?: { team: NewRow<TeamTable>; teamMember: NewRow<TeamMemberTable> };
}

/**
 * All rows or none: a failure after the organization row (the process dying, the team insert
 * refused) must not leave an organization without its owner. The slug's unique index, not a prior
 * SELECT, settles concurrent creates; the caller maps its violation. With `organizationLimit`,
 * 403 once the creator belongs to that many organizations (better-auth counts memberships):
 * counted behind a lock on the creator's user row, so one user's parallel creates queue instead
 * of each seeing room for one more.
 */
export async function insertOrganization(
  auth: PluginHost,
  rows: NewOrganization,
  organizationLimit: number | undefined,
): Promise<void> {
  const insertRows = async (trx: Kysely<OrganizationDatabase>) => {
    await trx.insertInto('organization').values(rows.organization).execute();
    await trx.insertInto('member').values(rows.member).execute();
    if (rows.team) {
      await trx.insertInto('team').values(rows.team.team).execute();
      await trx.insertInto('teamMember').values(rows.team.teamMember).execute();
    }
  };
  if (organizationLimit === undefined) {
    await organizationDb(auth).transaction().execute(insertRows);
    return;
  }
  const { userId } = rows.member;
  await inLockedTransaction(auth, { table: 'user', id: userId }, async (trx) => {
    if ((await countMemberRows(trx, 'userId', userId)) >= organizationLimit)
      throw new AuthError(ORGANIZATION_ERRORS.organizationLimitReached);
    await insertRows(trx);
  });
}

export async function listUserOrganizations(auth: PluginHost, userId: string): Promise<OrganizationRow[]> {
  return organizationDb(auth)
    .selectFrom('organization')
    .innerJoin('member', 'member.organizationId', 'organization.id')
    .selectAll('organization')
    .where('member.userId', '=', userId)
    .orderBy('organization.createdAt')
    .orderBy('organization.id')
    .execute();
}

/** A user's organizations with the user's role in each, for a platform admin's view of that user. */
export async function listUserMemberships(
  auth: PluginHost,
  userId: string,
): Promise<Array<OrganizationRow & { role: string }>> {
  return organizationDb(auth)
    .selectFrom('organization')
    .innerJoin('member', 'member.organizationId', 'organization.id')
    .selectAll('organization')
    .select('member.role')
    .where('member.userId', '=', userId)
    .orderBy('organization.createdAt')
    .orderBy('organization.id')
    .execute();
}

export interface OrganizationChanges {
  name?: string | undefined;
  slug?: string | undefined;
  logo?: string | null | undefined;
  metadata?: Record<string, unknown> | null | undefined;
}

/** Writes the fields given (undefined ones stay); a slug another organization has throws the driver's unique violation, for the caller to map. */
export async function updateOrganizationFields(
  auth: PluginHost,
  organizationId: string,
  changes: OrganizationChanges,
): Promise<void> {
  const { name, slug, logo, metadata } = changes;
  const set = Object.fromEntries(
    Object.entries({ name, slug, logo, metadata: serializeMetadata(metadata) }).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(set).length === 0) return;
  await organizationDb(auth).updateTable('organization').set(set).where('id', '=', organizationId).execute();
}

/**
 * Members, invitations and teams go with it (their foreign keys cascade), and every session that
 * had it active loses it, all or none. Behind the organization row's lock, taken before the session
 * rows as every transaction on an organization's rows takes it (locked-transaction.ts).
 */
export async function deleteOrganizationById(auth: PluginHost, organizationId: string): Promise<void> {
  await inLockedTransaction(auth, { table: 'organization', id: organizationId }, async (trx) => {
    await organizationSchema.updateSessions(
      auth,
      trx,
      { activeOrganizationId: organizationId },
      { activeOrganizationId: null, activeTeamId: null },
    );
    await trx.deleteFrom('organization').where('id', '=', organizationId).execute();
  });
}

/**
 * The organization (metadata as stored) with the first `membersLimit` members (each with its user,
 * in one query; by default the membership limit, so an organization within it comes whole), invitations, and teams when enabled, each team with its `memberCount` as
 * better-auth lists them here (and nowhere else). Every list is bounded: an organization's size
 * must not decide the cost of a read.
 */
export async function loadFullOrganization(
  auth: PluginHost,
  options: ResolvedOrganizationOptions,
  organization: OrganizationRow,
  membersLimit = options.membershipLimit,
) {
  const db = organizationDb(auth);
  const listLimit = ORGANIZATION_DEFAULTS.fullOrganizationListLimit;
  const [members, invitationRows, teamRows] = await Promise.all([
    listMembersWithUser(auth, organization.id, { limit: membersLimit, offset: 0 }),
    db
      .selectFrom('invitation')
      .selectAll()
      .where('organizationId', '=', organization.id)
      .orderBy('createdAt')
      .orderBy('id')
      .limit(listLimit)
      .execute(),
    options.teams.enabled
      ? db
          .selectFrom('team')
          .selectAll('team')
          .select((eb) =>
            eb
              .selectFrom('teamMember')
              .select((sub) => sub.fn.countAll<number>().as('count'))
              .whereRef('teamMember.teamId', '=', 'team.id')
              .as('memberCount'),
          )
          .where('team.organizationId', '=', organization.id)
          .orderBy('team.createdAt')
          .orderBy('team.id')
          .limit(listLimit)
          .execute()
      : Promise.resolve(undefined),
  ]);
  // A scalar subquery is typed nullable, though a count is never null.
  const teams = teamRows?.map(({ memberCount, ...team }) => ({ ...toTeam(team), memberCount: memberCount ?? 0 }));
  // Through toInvitation and toTeam: only the columns better-auth answers, whatever a shared
  // database's tables hold besides.
  const invitations = invitationRows.map(toInvitation);
  return { ...toStoredOrganization(organization), members, invitations, ...(teams ? { teams } : {}) };
}

/**
 * Makes `organizationId` (or none) the session's active organization. A team belongs to one
 * organization, so changing the organization also drops the active team (better-auth leaves it; a
 * stale team of another organization would only mislead team routes).
 */
export async function setSessionActiveOrganization(ctx: SessionScope, organizationId: string | null): Promise<void> {
  const changed = activeOrganizationOf(ctx.session) !== organizationId;
  await organizationSchema.updateCurrentSession(
    ctx,
    changed ? { activeOrganizationId: organizationId, activeTeamId: null } : { activeOrganizationId: organizationId },
  );
}

/**
 * The organization becomes active together with one of its teams (or none): create's default team,
 * or the team an accepted invitation seated the member in. better-auth makes a single-team
 * invitation's team active too, but otherwise leaves the previous organization's team active; we
 * clear it, as setSessionActiveOrganization does, since a team of another organization would
 * mislead team routes.
 */
export async function activateOrganizationWithTeam(
  ctx: SessionScope,
  organizationId: string,
  teamId: string | null,
): Promise<void> {
  await organizationSchema.updateCurrentSession(ctx, { activeOrganizationId: organizationId, activeTeamId: teamId });
}

/**
 * The organization a request names (by id, else slug, else the session's active one; null when
 * none), provided the caller is a member: an unknown one is 400, and a non-member is refused with
 * 403 and loses the active organization (SPEC §4: an attempt by a non-member clears it).
 */
export async function organizationOfMember(
  ctx: SessionScope,
  given: { id?: string | undefined; slug?: string | undefined },
): Promise<OrganizationRow | null> {
  const { auth, session: current } = ctx;
  const active = activeOrganizationOf(current);
  const by =
    given.id !== undefined
      ? { id: given.id }
      : given.slug !== undefined
        ? { slug: given.slug }
        : active
          ? { id: active }
          : null;
  if (!by) return null;
  const organization = await findOrganization(auth, by);
  if (!organization) throw new AuthError(ORGANIZATION_ERRORS.organizationNotFound);
  if (!(await findMember(auth, organization.id, current.user.id))) {
    // The rewritten cookie cache rides on the 403 (the router sends queued cookies with errors),
    // so get-session does not keep showing the organization from a stale cache.
    await setSessionActiveOrganization(ctx, null);
    throw new AuthError(ORGANIZATION_ERRORS.notAMember);
  }
  return organization;
}
