/**
 * @module GET /organization/list-user-invitations: the signed-in user's pending, unexpired
 * invitations (by e-mail), each with its organization's name, as a plain array.
 */
import { defineEndpoint } from '../../../plugin-api';
import { listOpenInvitationsFor } from '../invitation-store';
import type { ResolvedOrganizationOptions } from '../options';

export function listUserInvitations(_options: ResolvedOrganizationOptions) {
  return defineEndpoint({
    id: 'listUserInvitations',
    method: 'GET',
    path: '/organization/list-user-invitations',
    session: 'required',
    // The recipient check reads the e-mail: not from a cookie cache older than a change of address.
    sessionFromDatabase: true,
    async handler({ auth, session }) {
      return listOpenInvitationsFor(auth, session.user.email.toLowerCase());
    },
  });
}
