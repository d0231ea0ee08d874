/**
 * @module The audit plugin's wire shape of one event, as a zod schema for the API description only
 * (an endpoint's `response`, never parsed at run time): the row as stored, its detail parsed and
 * its date an ISO string.
 */
import { z } from 'zod';
import { isoDate } from '../../plugin';

export const auditEventResponse = z.object({
  id: z.string(),
  type: z.string().meta({ description: 'What happened: sign-in, password-changed, member-added…' }),
  outcome: z.enum(['success', 'failure']),
  method: z.string().nullable(),
  actorUserId: z.string().nullable(),
  userId: z.string().nullable(),
  organizationId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  createdAt: isoDate,
});

/** An event of the admin list: its users' current e-mails beside their ids (null once deleted). */
export const adminAuditEventResponse = auditEventResponse.extend({
  actorEmail: z.string().nullable(),
  userEmail: z.string().nullable(),
});
