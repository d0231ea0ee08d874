/**
 * @module `auditClient()`: the audit plugin's routes, `client.admin.listAuditEvents` (everyone's
 * events, for whoever the server's roles allow) and `client.audit.listMyEvents` (one's own recent
 * security events). Reading changes nothing, so no store goes stale.
 */
import type { auditPlugin } from '@latchkey/server';
import { defineClientPlugin, type RouteTableOf } from '../client-plugin';

type AuditEndpoint = NonNullable<ReturnType<typeof auditPlugin>['endpoints']>[number];

export function auditClient() {
  return defineClientPlugin({
    id: 'audit',
    routes: {
      listAuditEvents: { path: '/admin/list-audit-events', method: 'GET' },
      // A download: the web app links to it so the browser streams the file itself.
      exportAuditEventsCsv: { path: '/admin/export-audit-events.csv', method: 'GET' },
      listMyAuditEvents: { path: '/audit/list-my-events', method: 'GET' },
    } satisfies RouteTableOf<AuditEndpoint>,
  });
}

export type AuditClient = ReturnType<typeof auditClient>;

declare module '../client-plugin' {
  interface ClientPluginRegistry {
    audit: AuditClient;
  }
}
