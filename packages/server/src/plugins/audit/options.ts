/**
 * @module The audit plugin's options, with their defaults (DEFAULTS), resolved once.
 */
import { DEFAULTS, type AuthContext, type User } from '../../plugin';

export interface AuditOptions {
  /** Days an event is kept; older rows are deleted by the engine's prune job. */
  retentionDays?: number;
  /**
   * Who may read everyone's events (`GET /admin/list-audit-events`): a platform admin, as the host
   * decides (the standalone server asks the admin plugin). Nobody by default: this plugin knows
   * nothing of platform roles, and plugins never import each other.
   */
  mayListAuditEvents?: (caller: User, auth: AuthContext) => boolean | Promise<boolean>;
}

export interface ResolvedAuditOptions {
  readonly retentionDays: number;
  readonly mayListAuditEvents: (caller: User, auth: AuthContext) => boolean | Promise<boolean>;
}

export function resolveAuditOptions(options: AuditOptions = {}): ResolvedAuditOptions {
  const retentionDays = options.retentionDays ?? DEFAULTS.auditRetentionDays;
  if (!(retentionDays > 0)) throw new Error('Latchkey audit: retentionDays must be a positive number of days');
  return Object.freeze({
    retentionDays,
    mayListAuditEvents: options.mayListAuditEvents ?? (() => false),
  });
}
