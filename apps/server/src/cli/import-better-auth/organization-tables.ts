/**
 * @module better-auth's organization plugin tables as Latchkey rows: organization, team, member,
 * teamMember and invitation, in an order where every row's parents come first. Differences:
 * - better-auth keeps team membership in teamMember only; Latchkey's member.teamId stays empty;
 * - an invitation to several teams (better-auth joins their ids with commas) keeps the first,
 *   since a Latchkey invitation seats its member in one team;
 * - invitation e-mails are lower-cased, as Latchkey compares them;
 * - rows whose creation time better-auth left optional get the time of the import.
 */
import type { Mapping, MapContext, TablePlan } from './table-plan';
import { readerOf, type SourceRow } from './source-values';

const organization = readerOf('organization');
export const organizationPlan: TablePlan = {
  source: 'organization',
  target: 'organization',
  parents: {},
  uniqueKeys: [['slug']],
  map: (row) => ({
    row: {
      id: organization.text(row, 'id'),
      name: organization.text(row, 'name'),
      slug: organization.text(row, 'slug'),
      logo: organization.optionalText(row, 'logo'),
      metadata: metadataText(row),
      createdAt: organization.date(row, 'createdAt'),
    },
  }),
};

/** Stored as JSON text by better-auth; a JSON column (a hand-made schema) is read as an object. */
function metadataText(row: SourceRow): string | null {
  const value = row.metadata;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) return JSON.stringify(value);
  return organization.optionalText(row, 'metadata');
}

const team = readerOf('team');
export const teamPlan: TablePlan = {
  source: 'team',
  target: 'team',
  parents: { organizationId: 'organization' },
  uniqueKeys: [['organizationId', 'name']],
  map: (row) => ({
    row: {
      id: team.text(row, 'id'),
      name: team.text(row, 'name'),
      organizationId: team.text(row, 'organizationId'),
      createdAt: team.date(row, 'createdAt'),
      updatedAt: team.optionalDate(row, 'updatedAt'),
    },
  }),
};

const member = readerOf('member');
export const memberPlan: TablePlan = {
  source: 'member',
  target: 'member',
  parents: { organizationId: 'organization', userId: 'user' },
  uniqueKeys: [['organizationId', 'userId']],
  map: (row) => ({
    row: {
      id: member.text(row, 'id'),
      organizationId: member.text(row, 'organizationId'),
      userId: member.text(row, 'userId'),
      role: member.optionalText(row, 'role') ?? 'member',
      teamId: member.optionalText(row, 'teamId'),
      createdAt: member.date(row, 'createdAt'),
    },
  }),
};

const teamMember = readerOf('teamMember');
export const teamMemberPlan: TablePlan = {
  source: 'teamMember',
  target: 'teamMember',
  parents: { teamId: 'team', userId: 'user' },
  uniqueKeys: [['teamId', 'userId']],
  map: (row, { now }: MapContext): Mapping => ({
    row: {
      id: teamMember.text(row, 'id'),
      teamId: teamMember.text(row, 'teamId'),
      userId: teamMember.text(row, 'userId'),
      createdAt: teamMember.optionalDate(row, 'createdAt') ?? now,
    },
  }),
};

const invitation = readerOf('invitation');
export const invitationPlan: TablePlan = {
  source: 'invitation',
  target: 'invitation',
  parents: { organizationId: 'organization', inviterId: 'user' },
  uniqueKeys: [],
  map: (row, { now }: MapContext): Mapping => ({
    row: {
      id: invitation.text(row, 'id'),
      organizationId: invitation.text(row, 'organizationId'),
      email: invitation.text(row, 'email').toLowerCase(),
      role: invitation.optionalText(row, 'role'),
      status: invitation.optionalText(row, 'status') ?? 'pending',
      teamId:
        invitation
          .optionalText(row, 'teamId')
          ?.split(',')
          .map((id) => id.trim())
          .find(Boolean) ?? null,
      inviterId: invitation.text(row, 'inviterId'),
      expiresAt: invitation.date(row, 'expiresAt'),
      createdAt: invitation.optionalDate(row, 'createdAt') ?? now,
    },
  }),
};
