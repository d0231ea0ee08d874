/**
 * @module GET /organization/list-user-invitations: the signed-in user's pending, unexpired
 * invitations (by e-mail), each with its organization's name, as a plain array. Only for a
 * verified address: anyone can sign up under an address they do not hold, and must learn nothing
 * from it, not even which organizations invited it (403, better-auth's code).
 */
import { z } from 'zod';
import { AuthError, defineEndpoint } from '../../../plugin';
import { ORGANIZATION_ERRORS } from '../errors';
import { listOpenInvitationsFor } from '../store/invitations';
import type { ResolvedOrganizationOptions } from '../options';
import { invitationResponse } from '../responses';

export function listUserInvitations(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'listUserInvitations',
    method: 'GET',
    path: '/organization/list-user-invitations',
    summary: 'List invitations to the user',
    response: z.array(invitationResponse.extend({ organizationName: z.string() })),
    errors: [ORGANIZATION_ERRORS.emailNotVerifiedToViewInvitations],
    session: 'required',
    // The recipient check reads the e-mail and its verification: not from a cookie cache older
    // than a change of address.
    sessionFromDatabase: true,
    async handler({ auth, session }) {
      if (!session.user.emailVerified) throw new AuthError(ORGANIZATION_ERRORS.emailNotVerifiedToViewInvitations);
      return listOpenInvitationsFor(auth, session.user.email.toLowerCase());
    },
  });
}
