/**
 * @module The team and teamMember queries every team route shares, and the shapes they answer
 * (better-auth's: `{id, name, organizationId, createdAt, updatedAt}` and
 * `{id, teamId, userId, createdAt}`), with dates read the same way on every dialect.
 */
import type { Kysely, Selectable } from 'kysely';
import {
  AuthError,
  DEFAULTS,
  isUniqueViolation,
  randomString,
  type PluginHost,
  type CurrentSession,
  type SessionScope,
} from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { inLockedTransaction } from './locked-transaction';
import {
  organizationDb,
  organizationSchema,
  type OrganizationDatabase,
  type TeamMemberTable,
  type TeamTable,
} from '../schema';

export type Team = Selectable<TeamTable>;

export type TeamMember = Selectable<TeamMemberTable>;

/** The columns better-auth answers, and no other a shared database's table may hold. */
export function toTeam(row: Selectable<TeamTable>): Team {
  return {
    id: row.id,
    name: row.name,
    organizationId: row.organizationId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toTeamMember(row: Selectable<TeamMemberTable>): TeamMember {
  return { id: row.id, teamId: row.teamId, userId: row.userId, createdAt: row.createdAt };
}

export async function findTeam(auth: PluginHost, teamId: string): Promise<Team | null> {
  const row = await organizationDb(auth).selectFrom('team').selectAll().where('id', '=', teamId).executeTakeFirst();
  return row ? toTeam(row) : null;
}

/**
 * The team, provided it belongs to `organizationId`; else 400 `Team not found` (another
 * organization's is not ours to name). Read through `db`: a caller holding the organization row's
 * lock passes its transaction, so the team cannot be removed between the check and its write.
 */
export async function requireTeamOf(
  db: Kysely<OrganizationDatabase>,
  teamId: string,
  organizationId: string,
): Promise<Team> {
  const row = await db.selectFrom('team').selectAll().where('id', '=', teamId).executeTakeFirst();
  if (!row || row.organizationId !== organizationId) throw new AuthError(ORGANIZATION_ERRORS.teamNotFound);
  return toTeam(row);
}

export async function requireTeamIn(auth: PluginHost, teamId: string, organizationId: string): Promise<Team> {
  return requireTeamOf(organizationDb(auth), teamId, organizationId);
}

export async function listTeams(auth: PluginHost, organizationId: string): Promise<Team[]> {
  const rows = await organizationDb(auth)
    .selectFrom('team')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(toTeam);
}

async function countTeamsIn(db: Kysely<OrganizationDatabase>, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('team')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organizationId', '=', organizationId)
    .executeTakeFirstOrThrow();
  return row.count;
}

/**
 * The new team, or null when its organization already has a team of that name (unique index).
 * With `maximumTeams`, 400 `maximum number of teams` once the organization has that many: counted
 * and inserted in one transaction behind the organization row's lock, so parallel creations queue
 * instead of each seeing room for one more.
 */
export async function insertTeam(
  auth: PluginHost,
  organizationId: string,
  name: string,
  maximumTeams: number | undefined,
): Promise<Team | null> {
  const now = auth.now();
  const team: Team = { id: randomString(DEFAULTS.idLength), name, organizationId, createdAt: now, updatedAt: now };
  try {
    if (maximumTeams === undefined) {
      await organizationDb(auth).insertInto('team').values(team).execute();
    } else {
      await inLockedTransaction(auth, { table: 'organization', id: organizationId }, async (trx) => {
        if ((await countTeamsIn(trx, organizationId)) >= maximumTeams)
          throw new AuthError(ORGANIZATION_ERRORS.teamLimitReached);
        await trx.insertInto('team').values(team).execute();
      });
    }
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
  return team;
}

/** The renamed team, or null when the name is taken in its organization (unique index). */
export async function renameTeam(auth: PluginHost, team: Team, name: string): Promise<Team | null> {
  const updatedAt = auth.now();
  try {
    await organizationDb(auth).updateTable('team').set({ name, updatedAt }).where('id', '=', team.id).execute();
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
  return { ...team, name, updatedAt };
}

/**
 * Deletes the team (its teamMember rows cascade) and unsets it wherever it is a session's active
 * team; 400 `Team not found` if a parallel removal got there first. Unless `allowRemovingLast`,
 * 400 `Unable to remove last team` when no team of its organization would be left: deleted and
 * counted in one transaction behind the organization row's lock, so parallel removals of its
 * last teams queue and the last one rolls back instead of each seeing another team left. The lock
 * is taken even when the last team may go: like every transaction on an organization's rows, this
 * one locks the organization row before its session and teamMember rows (locked-transaction.ts).
 */
export async function deleteTeam(
  auth: PluginHost,
  team: Pick<Team, 'id' | 'organizationId'>,
  allowRemovingLast: boolean,
): Promise<void> {
  await inLockedTransaction(auth, { table: 'organization', id: team.organizationId }, async (trx) => {
    const deleted = await trx.deleteFrom('team').where('id', '=', team.id).executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw new AuthError(ORGANIZATION_ERRORS.teamNotFound);
    if (!allowRemovingLast && (await countTeamsIn(trx, team.organizationId)) === 0)
      throw new AuthError(ORGANIZATION_ERRORS.unableToRemoveLastTeam);
    await organizationSchema.updateSessions(auth, trx, { activeTeamId: team.id }, { activeTeamId: null });
  });
}

export async function findTeamMember(auth: PluginHost, teamId: string, userId: string): Promise<TeamMember | null> {
  const row = await organizationDb(auth)
    .selectFrom('teamMember')
    .selectAll()
    .where('teamId', '=', teamId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ? toTeamMember(row) : null;
}

export async function listTeamMembers(auth: PluginHost, teamId: string): Promise<TeamMember[]> {
  const rows = await organizationDb(auth)
    .selectFrom('teamMember')
    .selectAll()
    .where('teamId', '=', teamId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(toTeamMember);
}

/** The user's membership of the team, created if absent: adding twice answers the first row (better-auth's findOrCreate). */
export async function findOrAddTeamMember(auth: PluginHost, teamId: string, userId: string): Promise<TeamMember> {
  const existing = await findTeamMember(auth, teamId, userId);
  if (existing) return existing;
  const member: TeamMember = { id: randomString(DEFAULTS.idLength), teamId, userId, createdAt: auth.now() };
  try {
    await organizationDb(auth).insertInto('teamMember').values(member).execute();
  } catch (error) {
    // A concurrent add won the unique index: answer its row.
    const winner = isUniqueViolation(error) ? await findTeamMember(auth, teamId, userId) : null;
    if (winner) return winner;
    throw error;
  }
  return member;
}

export async function deleteTeamMember(auth: PluginHost, teamId: string, userId: string): Promise<void> {
  await organizationDb(auth)
    .deleteFrom('teamMember')
    .where('teamId', '=', teamId)
    .where('userId', '=', userId)
    .execute();
}

/** The teams the user belongs to, through teamMember, in every organization. */
export async function listUserTeams(auth: PluginHost, userId: string): Promise<Team[]> {
  const rows = await organizationDb(auth)
    .selectFrom('team')
    .innerJoin('teamMember', 'teamMember.teamId', 'team.id')
    .selectAll('team')
    .where('teamMember.userId', '=', userId)
    .orderBy('team.createdAt')
    .orderBy('team.id')
    .execute();
  return rows.map(toTeam);
}

/** The session's active team, if any. */
export function activeTeamOf(current: CurrentSession): string | null {
  return organizationSchema.session(current.session).activeTeamId;
}

/** Sets (or, with null, clears) the caller's active team. */
export async function storeActiveTeam(ctx: SessionScope, teamId: string | null): Promise<void> {
  await organizationSchema.updateCurrentSession(ctx, { activeTeamId: teamId });
}
