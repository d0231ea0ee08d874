/**
 * @module POST /organization/set-active {organizationId?: string | null, organizationSlug?}: makes
 * an organization the session's active one and answers it in full (get-full-organization's shape,
 * metadata as the stored JSON text; better-auth answers the organization alone, a subset).
 * `null` clears it and answers null; neither given answers the current active one (or null), as
 * better-auth 1.7. A caller who is not a member gets 403 and loses their active organization
 * (SPEC §4: an attempt by a non-member clears it).
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import type { ResolvedOrganizationOptions } from '../options';
import { loadFullOrganization, organizationOfMember, setSessionActiveOrganization } from '../store/organizations';
import { fullOrganizationResponse } from '../responses';

const body = z.object({
  organizationId: z.string().min(1).nullable().optional(),
  organizationSlug: z.string().min(1).optional(),
});

export function setActiveOrganization(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'setActiveOrganization',
    method: 'POST',
    path: '/organization/set-active',
    summary: 'Set the active organization',
    response: fullOrganizationResponse.nullable(),
    body,
    session: 'required',
    async handler({ auth, body, session, cookies }) {
      if (body.organizationId === null) {
        await setSessionActiveOrganization({ auth, session, cookies }, null);
        return null;
      }
      const organization = await organizationOfMember(
        { auth, session, cookies },
        {
          id: body.organizationId ?? undefined,
          slug: body.organizationSlug,
        },
      );
      if (!organization) return null;
      await setSessionActiveOrganization({ auth, session, cookies }, organization.id);
      return loadFullOrganization(auth, options, organization);
    },
  });
}
