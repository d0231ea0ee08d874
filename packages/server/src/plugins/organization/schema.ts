/**
 * @module The organization plugin's tables (SPEC §3): organization, member, invitation, team and
 * teamMember (a member may belong to several teams, as in better-auth 1.7), and the session's
 * active organization and team. Foreign keys cascade from organization and user.
 */
import { DEFAULTS, type ExpiringRows, type FieldDeclarations } from '../../plugin';

export const ORGANIZATION_SESSION_FIELDS = Object.freeze({
  activeOrganizationId: 'string',
  activeTeamId: 'string',
} as const satisfies FieldDeclarations);

/**
 * Invitations of every status, a while after they expired: until then list-invitations and
 * get-full-organization still show them, which pruning must not change (DEFAULTS).
 */
export const ORGANIZATION_EXPIRING_ROWS: readonly ExpiringRows[] = Object.freeze([
  { table: 'invitation', expiresAt: 'expiresAt', keepFor: DEFAULTS.invitationKeepAfterExpiry },
]);
