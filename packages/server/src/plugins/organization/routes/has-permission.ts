/**
 * @module POST /organization/has-permission {permission | permissions, organizationId?} → {error:
 * null, success}: whether the caller's roles in the given or active organization (several roles
 * grant their union) allow every listed action. One resource at a time (SPEC §5): none or several
 * is 400 VALIDATION_ERROR. Not a member is 403, the catalogue's one status for that entry.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin-api';
import { memberMay, organizationIdOf, requireMember } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';

const permissionShape = z.record(z.string(), z.array(z.string()));

const body = z
  .object({
    organizationId: z.string().min(1).optional(),
    /** better-auth's older name; exactly one of the two is given. */
    permission: permissionShape.optional(),
    permissions: permissionShape.optional(),
  })
  .refine((b) => (b.permission === undefined) !== (b.permissions === undefined), {
    message: 'Give exactly one of permission and permissions',
    path: ['permissions'],
  })
  .refine((b) => Object.keys(b.permission ?? b.permissions ?? {}).length === 1, {
    message: 'Check one resource at a time',
    path: ['permissions'],
  });

export function hasPermission(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'hasPermission',
    method: 'POST',
    path: '/organization/has-permission',
    body,
    session: 'required',
    async handler({ auth, body, session }) {
      const organizationId = organizationIdOf(session, body.organizationId);
      const member = await requireMember(auth, organizationId, session.user.id);
      return { error: null, success: memberMay(options, member, body.permissions ?? body.permission ?? {}) };
    },
  });
}
