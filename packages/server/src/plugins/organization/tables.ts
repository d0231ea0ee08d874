/**
 * @module The organization tables as Kysely sees them, and the typed database handle the plugin's
 * stores use (the engine's own Database type knows only the core tables).
 */
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../plugin-api';

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

export interface OrganizationDatabase {
  organization: OrganizationTable;
  member: MemberTable;
  invitation: InvitationTable;
  team: TeamTable;
  teamMember: TeamMemberTable;
  user: { id: string; name: string; email: string; image: string | null; emailVerified: boolean };
  session: { id: string; userId: string; activeOrganizationId: string | null; activeTeamId: string | null };
}

export function organizationDb(auth: AuthContext): Kysely<OrganizationDatabase> {
  return auth.db as unknown as Kysely<OrganizationDatabase>;
}
