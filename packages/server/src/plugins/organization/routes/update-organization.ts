/**
 * @module POST /organization/update {data{name?, slug?, logo?, metadata?}, organizationId?}: the
 * given (else active) organization, by a member granted organization:update. A slug another
 * organization has is 400 `slug is taken`. Answers the organization, metadata parsed.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, isUniqueViolation } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { MEMBER_ACTIONS, requireCallerMembership, requireMemberPermission } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { findOrganization, toOrganizationResponse, updateOrganizationFields } from '../store/organizations';
import { parsedOrganizationResponse } from '../responses';

const body = z.object({
  data: z.object({
    name: z.string().min(1).optional(),
    slug: z.string().min(1).optional(),
    logo: z.string().nullable().optional(),
    metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  }),
  organizationId: z.string().min(1).optional(),
});

export function updateOrganization(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'updateOrganization',
    method: 'POST',
    path: '/organization/update',
    summary: 'Update an organization',
    response: parsedOrganizationResponse,
    errors: [
      ORGANIZATION_ERRORS.organizationNotFound,
      ORGANIZATION_ERRORS.slugIsTaken,
      ORGANIZATION_ERRORS.noActiveOrganization,
      ORGANIZATION_ERRORS.notAMember,
      MEMBER_ACTIONS.updateOrganization.refusal,
    ],
    body,
    session: 'required',
    async handler({ auth, body, session }) {
      const { organizationId, member } = await requireCallerMembership(auth, session, body.organizationId);
      requireMemberPermission(options, member, MEMBER_ACTIONS.updateOrganization);
      const existing = await findOrganization(auth, { id: organizationId });
      if (!existing) throw new AuthError(ORGANIZATION_ERRORS.organizationNotFound);
      const { slug } = body.data;
      if (slug !== undefined && slug !== existing.slug) {
        const holder = await findOrganization(auth, { slug });
        if (holder) throw new AuthError(ORGANIZATION_ERRORS.slugIsTaken);
      }
      try {
        await updateOrganizationFields(auth, organizationId, body.data);
      } catch (error) {
        // A parallel update or create took the slug after the check: the unique index decided.
        if (isUniqueViolation(error)) throw new AuthError(ORGANIZATION_ERRORS.slugIsTaken, { cause: error });
        throw error;
      }
      const updated = await findOrganization(auth, { id: organizationId });
      if (!updated) throw new AuthError(ORGANIZATION_ERRORS.organizationNotFound);
      return toOrganizationResponse(updated);
    },
  });
}
