/**
 * @module POST /organization/reject-invitation {invitationId}: the user declines; the invitation
 * leaves their list.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useRejectInvitation() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (invitationId: string) => unwrap(client.organization.rejectInvitation({ invitationId })),
  });
}
