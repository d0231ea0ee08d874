/**
 * @module POST /organization/accept-invitation {invitationId}: the user joins, and the server makes
 * the organization the session's active one. The cache rules reload the session (for the header's
 * switcher), the organization list and the user's invitations.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useAcceptInvitation() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (invitationId: string) => unwrap(client.organization.acceptInvitation({ invitationId })),
  });
}
