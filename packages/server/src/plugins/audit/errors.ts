/**
 * @module The audit plugin's catalogue entries: Latchkey's own (better-auth sells its audit log as
 * a service and has no such routes), worded as the admin plugin's refusals are.
 */
import { defineErrors } from '../../plugin';

export const AUDIT_ERRORS = defineErrors({
  notAllowedToListAuditEvents: [403, 'You are not allowed to list audit events'],
});
