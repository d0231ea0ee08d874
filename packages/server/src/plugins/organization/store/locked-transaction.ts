/**
 * @module The transaction behind the plugin's count-then-act checks (teams.maximumTeams,
 * organizationLimit, membershipLimit for members and invitations, an organization's last team and
 * its last owner): its first statement locks a row every competitor must lock too, so each counts
 * only after the previous one's write is committed or rolled back.
 *
 * Lock order: the organization row is always the first lock. Every transaction that writes an
 * existing organization's rows (or the sessions pointing at it) runs here and locks that row
 * before it touches member, teamMember, team, invitation or session rows, so no two transactions
 * take those rows in opposite orders and wait on each other (a deadlock on PostgreSQL and MySQL).
 * Creating an organization is the one exception: its rows are new, so nobody else can hold them,
 * and with an organizationLimit it queues on the creator's user row instead.
 */
import type { Kysely } from 'kysely';
import { lockedTransaction, type PluginHost } from '../../../plugin';
import { organizationDb, type OrganizationDatabase } from '../schema';

/** The row competitors queue on: the organization for its teams and members, the user for the organizations they create. */
export interface LockedRow {
  table: 'organization' | 'user';
  id: string;
}

export function inLockedTransaction<T>(
  auth: PluginHost,
  row: LockedRow,
  work: (trx: Kysely<OrganizationDatabase>) => Promise<T>,
): Promise<T> {
  return lockedTransaction(organizationDb(auth), auth.dialect, { table: row.table, ids: [row.id] }, (trx) => work(trx));
}
