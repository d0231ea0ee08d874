/**
 * @module POST /organization/reject-invitation {invitationId}: the user declines; the invitation
 * leaves their list.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export function useRejectInvitation() {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => unwrap(client.organization.rejectInvitation({ invitationId })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.userInvitations() }),
  });
}
