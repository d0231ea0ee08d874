/**
 * @module POST /organization/delete {organizationId}: by a member granted organization:delete (by
 * default the owner only). Members, invitations and teams go with it (foreign keys cascade), and
 * every session that had it active loses it. Answers the deleted organization, metadata as the
 * stored JSON text, as better-auth 1.7.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint, emitEvent } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { MEMBER_ACTIONS, activeOrganizationOf, requireMember, requireMemberPermission } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import {
  deleteOrganizationById,
  findOrganization,
  setSessionActiveOrganization,
  toStoredOrganization,
} from '../store/organizations';
import { organizationResponse } from '../responses';

const body = z.object({ organizationId: z.string().min(1) });

export function deleteOrganization(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'deleteOrganization',
    method: 'POST',
    path: '/organization/delete',
    summary: 'Delete an organization',
    response: organizationResponse,
    errors: [
      ORGANIZATION_ERRORS.organizationNotFound,
      ORGANIZATION_ERRORS.notAMember,
      MEMBER_ACTIONS.deleteOrganization.refusal,
    ],
    body,
    session: 'required',
    async handler({ auth, body, session, cookies, headers, clientIp }) {
      const organization = await findOrganization(auth, { id: body.organizationId });
      if (!organization) throw new AuthError(ORGANIZATION_ERRORS.organizationNotFound);
      const member = await requireMember(auth, organization.id, session.user.id);
      requireMemberPermission(options, member, MEMBER_ACTIONS.deleteOrganization);
      await deleteOrganizationById(auth, organization.id);
      emitEvent({ auth, headers, clientIp }, 'organization-deleted', {
        actorUserId: session.user.id,
        userId: session.user.id,
        organizationId: organization.id,
        detail: { slug: organization.slug },
      });
      // The caller's cookie cache too, so its get-session shows the change at once.
      if (activeOrganizationOf(session) === organization.id)
        await setSessionActiveOrganization({ auth, session, cookies }, null);
      return toStoredOrganization(organization);
    },
  });
}
