/**
 * @module What the audit suites share: an auth with the admin, organization and audit plugins,
 * wired as the standalone server wires them (audit:list through the admin plugin's roles), and the
 * audit rows as stored once the queued writes have landed.
 */
import type { AuthOptions } from '../../../..';
import { adminPlugin, auditPlugin, organizationPlugin, platformPermission, usernamePlugin } from '../../../..';
import { auditSchema } from '../../schema';
import type { Harness } from '../../../../../test/support/harness';

const allows = platformPermission();

export function auditPlugins(retentionDays?: number): NonNullable<AuthOptions['plugins']> {
  return [
    usernamePlugin(),
    adminPlugin(),
    organizationPlugin(),
    auditPlugin({ retentionDays, mayListAuditEvents: (caller) => allows(caller, { audit: ['list'] }) }),
  ];
}

/** Waits for the queued audit writes (they run after the answer), then reads the rows. */
export async function auditRows(h: Harness, where: { userId?: string; type?: string } = {}) {
  await h.auth.context.background.drain();
  let query = auditSchema.db(h.auth.context).selectFrom('auditEvent').selectAll();
  if (where.userId !== undefined) query = query.where('userId', '=', where.userId);
  if (where.type !== undefined) query = query.where('type', '=', where.type);
  return query.orderBy('createdAt').execute();
}
