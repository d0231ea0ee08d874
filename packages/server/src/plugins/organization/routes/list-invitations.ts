/**
 * @module GET /organization/list-invitations?organizationId: every invitation of an organization
 * (the given one, else the active one), whatever its status, for its members. A plain array, as
 * better-auth answers it.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../../plugin';
import { listOrganizationInvitations } from '../store/invitations';
import { requireCallerMembership } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { ORGANIZATION_ERRORS } from '../errors';
import { invitationResponse } from '../responses';

const query = z.object({ organizationId: z.string().min(1).optional() });

export function listInvitations(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'listInvitations',
    method: 'GET',
    path: '/organization/list-invitations',
    summary: "List an organization's invitations",
    response: z.array(invitationResponse),
    errors: [ORGANIZATION_ERRORS.noActiveOrganization, ORGANIZATION_ERRORS.notAMember],
    query,
    session: 'required',
    // Membership decides access: a member just removed must not read from a stale cookie cache.
    sessionFromDatabase: true,
    async handler({ auth, query, session }) {
      const { organizationId } = await requireCallerMembership(auth, session, query.organizationId);
      return listOrganizationInvitations(auth, organizationId);
    },
  });
}
