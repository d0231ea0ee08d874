/**
 * @module The audit plugin's options and its constants (`AUDIT_DEFAULTS`), resolved once.
 */
import type { PluginHost, User } from '../../plugin';

export const AUDIT_DEFAULTS = Object.freeze({
  /** Days the log keeps an event (the server's AUDIT_RETENTION_DAYS); older rows are pruned. */
  retentionDays: 90,
  /** list-audit-events' page without a limit, and the largest it answers. */
  listLimit: 50,
  listMaxLimit: 200,
  /** list-my-events' ("recent activity"). */
  ownListLimit: 20,
  ownListMaxLimit: 100,
  /**
   * Events list-my-events leaves out: a mail sent to the user is the echo of an action already
   * listed (the sign-up, the password reset asked for), noise in a person's own view. Admins still see them.
   */
  ownListHiddenTypes: Object.freeze(['mail-sent']) as readonly string[],
  /** Rows written per statement: a burst of events is one insert, not one per event. */
  writeBatch: 100,
});

export interface AuditOptions {
  /** Days an event is kept; older rows are deleted by the engine's prune job. */
  retentionDays?: number;
  /**
   * Who may read everyone's events (`GET /admin/list-audit-events`): a platform admin, as the host
   * decides (the standalone server asks the admin plugin). Nobody by default: this plugin knows
   * nothing of platform roles, and plugins never import each other.
   */
  mayListAuditEvents?: (caller: User, auth: PluginHost) => boolean | Promise<boolean>;
}

export interface ResolvedAuditOptions {
  readonly retentionDays: number;
  readonly mayListAuditEvents: (caller: User, auth: PluginHost) => boolean | Promise<boolean>;
}

export function resolveAuditOptions(options: AuditOptions = {}): ResolvedAuditOptions {
  const retentionDays = options.retentionDays ?? AUDIT_DEFAULTS.retentionDays;
  if (!(retentionDays > 0)) throw new Error('Latchkey audit: retentionDays must be a positive number of days');
  return Object.freeze({
    retentionDays,
    mayListAuditEvents: options.mayListAuditEvents ?? (() => false),
  });
}
