/**
 * @module The organization tables as Kysely sees them, and the plugin's schema: those tables and
 * its session columns, declared once, from which its stores get their typed database and its
 * routes the typed session and updateCurrentSession.
 */
import { definePluginSchema, type DatabaseOf } from '../../plugin';
import { ORGANIZATION_SESSION_FIELDS } from './schema';

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
