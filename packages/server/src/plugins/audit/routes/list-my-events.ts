/**
 * @module GET /audit/list-my-events: the signed-in user's own latest security events (sign-ins,
 * password changes, sessions revoked…), newest first, for the account page's "recent activity".
 * Paged with `offset`; `hasMore` says whether an older page exists (one row more is read, no count).
 * The mails sent to the user are left out (AUDIT_DEFAULTS.ownListHiddenTypes).
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import { listAuditEvents } from '../store';
import { AUDIT_DEFAULTS } from '../options';
import { auditEventResponse } from '../responses';

const query = z.object({
  limit: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

export const listMyAuditEvents = defineEndpoint({
  id: 'listMyAuditEvents',
  method: 'GET',
  path: '/audit/list-my-events',
  summary: "List the user's own security events",
  response: z.object({ events: z.array(auditEventResponse), hasMore: z.boolean() }),
  query,
  session: 'required',
  async handler({ auth, query, session }) {
    const limit = Math.min(query.limit ?? AUDIT_DEFAULTS.ownListLimit, AUDIT_DEFAULTS.ownListMaxLimit);
    const rows = await listAuditEvents(
      auth,
      { userId: session.user.id, excludeTypes: AUDIT_DEFAULTS.ownListHiddenTypes },
      { limit: limit + 1, offset: query.offset ?? 0 },
    );
    return { events: rows.slice(0, limit), hasMore: rows.length > limit };
  },
});
