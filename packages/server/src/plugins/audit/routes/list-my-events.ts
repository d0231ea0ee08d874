/**
 * @module GET /audit/list-my-events: the signed-in user's own latest security events (sign-ins,
 * password changes, sessions revoked…), newest first, for the account page's "recent activity".
 */
import { z } from 'zod';
import { DEFAULTS, defineEndpoint } from '../../../plugin';
import { listAuditEvents } from '../store';
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
    const limit = Math.min(query.limit ?? DEFAULTS.auditOwnListLimit, DEFAULTS.auditOwnListMaxLimit);
    const events = await listAuditEvents(auth, { userId: session.user.id }, { limit, offset: 0 });
    return { events };
  },
});
