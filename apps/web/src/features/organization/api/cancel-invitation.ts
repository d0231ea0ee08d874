/**
 * @module POST /organization/cancel-invitation {invitationId}: a pending invitation withdrawn; its
 * link stops working.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useCancelInvitation() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (invitationId: string) => unwrap(client.organization.cancelInvitation({ invitationId })),
  });
}
