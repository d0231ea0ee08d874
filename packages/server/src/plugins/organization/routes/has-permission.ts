/**
 * @module POST /organization/has-permission {permission | permissions, organizationId?} → {error:
 * null, success}: whether the caller's roles in the given or active organization (several roles
 * grant their union) allow every listed action. One resource at a time (SPEC §5): none or several
 * is 400 VALIDATION_ERROR. Not a member is 403, the catalogue's one status for that entry.
 */
import { z } from 'zod';
import { defineEndpoint, permissionRequestBody, permissionResponse } from '../../../plugin';
import { memberMay, requireCallerMembership } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { ORGANIZATION_ERRORS } from '../errors';

const body = permissionRequestBody({ organizationId: z.string().min(1).optional() });

export function hasPermission(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'hasPermission',
    method: 'POST',
    path: '/organization/has-permission',
    summary: "Check the member's permissions",
    response: permissionResponse,
    errors: [ORGANIZATION_ERRORS.noActiveOrganization, ORGANIZATION_ERRORS.notAMember],
    body,
    session: 'required',
    async handler({ auth, body, session }) {
      const { member } = await requireCallerMembership(auth, session, body.organizationId);
      return { error: null, success: memberMay(options, member, body.permissions ?? body.permission ?? {}) };
    },
  });
}
