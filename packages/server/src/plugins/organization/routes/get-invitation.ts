/**
 * @module GET /organization/get-invitation?id: the web app's invitation page reads the invitation
 * it was mailed, with the organization's name and slug and the inviter's e-mail, as better-auth
 * answers it. Only the recipient may read it, with a verified address (403, better-auth's code:
 * an account merely signed up under the address learns nothing of the organization), and only
 * while it is pending and unexpired.
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { requireOpenInvitationFor } from '../invitation-recipient';
import { findMember } from '../membership';
import type { ResolvedOrganizationOptions } from '../options';
import { findOrganization } from '../store/organizations';
import { invitationResponse } from '../responses';

const query = z.object({ id: z.string().min(1) });

export function getInvitation(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'getInvitation',
    method: 'GET',
    path: '/organization/get-invitation',
    summary: 'Get an invitation',
    response: invitationResponse.extend({
      organizationName: z.string(),
      organizationSlug: z.string(),
      inviterEmail: z.string().nullable(),
    }),
    errors: [ORGANIZATION_ERRORS.organizationNotFound, ORGANIZATION_ERRORS.inviterNoLongerMember],
    query,
    session: 'required',
    // The recipient check reads the e-mail: not from a cookie cache older than a change of address.
    sessionFromDatabase: true,
    async handler({ auth, query, session }) {
      const invitation = await requireOpenInvitationFor(auth, query.id, session, 'read');
      const organization = await findOrganization(auth, { id: invitation.organizationId });
      if (!organization) throw new AuthError(ORGANIZATION_ERRORS.organizationNotFound);
      if (!(await findMember(auth, invitation.organizationId, invitation.inviterId)))
        throw new AuthError(ORGANIZATION_ERRORS.inviterNoLongerMember);
      const inviter = await auth.users.findById(invitation.inviterId);
      return {
        ...invitation,
        organizationName: organization.name,
        organizationSlug: organization.slug,
        inviterEmail: inviter?.email ?? null,
      };
    },
  });
}
