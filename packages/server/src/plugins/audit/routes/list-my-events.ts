/**
 * @module GET /audit/list-my-events: the signed-in user's own latest security events (sign-ins,
 * password changes, sessions revoked…), newest first, for the account page's "recent activity".
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import { listAuditEvents } from '../store';
import { AUDIT_DEFAULTS } from '../options';
import { auditEventResponse } from '../responses';

const query = z.object({ limit: z.coerce.number().int().min(1).optional() });

export const listMyAuditEvents = defineEndpoint({
  id: 'listMyAuditEvents',
  method: 'GET',
  path: '/audit/list-my-events',
  response: z.object({ events: z.array(auditEventResponse) }),
  query,
  session: 'required',
  async handler({ auth, query, session }) {
    const limit = Math.min(query.limit ?? AUDIT_DEFAULTS.ownListLimit, AUDIT_DEFAULTS.ownListMaxLimit);
    const events = await listAuditEvents(auth, { userId: session.user.id }, { limit, offset: 0 });
    return { events };
  },
});
