/**
 * @module POST /organization/cancel-invitation {invitationId}: a pending invitation withdrawn; its
 * link stops working.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export function useCancelInvitation(organizationId: string) {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => unwrap(client.organization.cancelInvitation({ invitationId })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.invitations(organizationId) }),
  });
}
