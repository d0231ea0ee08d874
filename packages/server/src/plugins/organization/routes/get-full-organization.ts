/**
 * @module GET /organization/get-full-organization?organizationId&organizationSlug&membersLimit: the
 * given (else the active) organization, metadata as the stored JSON text, with its members (each
 * with user {id, name, email, image}), invitations, and teams (each with its memberCount) when
 * enabled. Members come oldest first, at most `membersLimit` of them (default: the membershipLimit
 * option, as better-auth 1.7 documents it, so an organization within its limit is listed whole);
 * invitations and teams at most 100 each, as better-auth's default find limit bounds them. A
 * membersLimit that is not a positive integer is a 400 (better-auth ignores it). No organization
 * given and none active answers null, as better-auth 1.7; an unknown one 400 `Organization not
 * found`; a caller who is not a member 403, and their active organization is cleared (SPEC §4).
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import type { ResolvedOrganizationOptions } from '../options';
import { loadFullOrganization, organizationOfMember } from '../store/organizations';
import { fullOrganizationResponse } from '../responses';

const query = z.object({
  organizationId: z.string().min(1).optional(),
  organizationSlug: z.string().min(1).optional(),
  membersLimit: z.coerce.number().int().min(1).optional(),
});

export function getFullOrganization(options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'getFullOrganization',
    method: 'GET',
    path: '/organization/get-full-organization',
    summary: 'Get an organization with members and invitations',
    response: fullOrganizationResponse.nullable(),
    query,
    session: 'required',
    // Membership decides what is shown: the active organization must not come from a stale cache.
    sessionFromDatabase: true,
    async handler({ auth, query, session, cookies }) {
      const organization = await organizationOfMember(
        { auth, session, cookies },
        {
          id: query.organizationId,
          slug: query.organizationSlug,
        },
      );
      if (!organization) return null;
      return loadFullOrganization(auth, options, organization, query.membersLimit);
    },
  });
}
