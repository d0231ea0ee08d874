/**
 * @module The organization plugin's data (SPEC §3): its tables as Kysely sees them (organization,
 * member, invitation, team and teamMember: a member may belong to several teams, as in better-auth
 * 1.7), the session's active organization and team, and the plugin's schema declaring both once,
 * from which its stores get their typed database and its routes the typed session and
 * updateCurrentSession. The expired invitations the prune job deletes.
 */
import { definePluginSchema, type DatabaseOf, type ExpiringRows, type FieldDeclarations } from '../../plugin';
import { ORGANIZATION_DEFAULTS } from './options';

export const ORGANIZATION_SESSION_FIELDS = Object.freeze({
  activeOrganizationId: 'string',
  activeTeamId: 'string',
} as const satisfies FieldDeclarations);

export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  /** JSON text; answered parsed. */
  metadata: string | null;
  createdAt: Date;
}

export interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  teamId: string | null;
  createdAt: Date;
}

export interface InvitationTable {
  id: string;
  organizationId: string;
  email: string;
  role: string | null;
  status: string;
  teamId: string | null;
  inviterId: string;
  expiresAt: Date;
  createdAt: Date;
}

export interface TeamTable {
  id: string;
  name: string;
  organizationId: string;
  createdAt: Date;
  updatedAt: Date | null;
}

export interface TeamMemberTable {
  id: string;
  teamId: string;
  userId: string;
  createdAt: Date;
}

export interface OrganizationTables {
  organization: OrganizationTable;
  member: MemberTable;
  invitation: InvitationTable;
  team: TeamTable;
  teamMember: TeamMemberTable;
}

export const organizationSchema = definePluginSchema<OrganizationTables>()({ session: ORGANIZATION_SESSION_FIELDS });

export type OrganizationDatabase = DatabaseOf<typeof organizationSchema>;

export const organizationDb = organizationSchema.db;

/**
 * Invitations of every status, a while after they expired: until then list-invitations and
 * get-full-organization still show them, which pruning must not change (ORGANIZATION_DEFAULTS).
 */
export const ORGANIZATION_EXPIRING_ROWS: readonly ExpiringRows[] = Object.freeze([
  { table: 'invitation', expiresAt: 'expiresAt', keepFor: ORGANIZATION_DEFAULTS.invitationKeepAfterExpiry },
]);
