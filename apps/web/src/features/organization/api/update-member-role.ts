/**
 * @module POST /organization/update-member-role {memberId, role, organizationId}. Only an owner
 * gives or takes the owner role; the server refuses otherwise, and the only owner keeps it.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useUpdateMemberRole(organizationId: string) {
  const client = useAuthClient();
  return useMutation({
    mutationFn: ({ memberId, role }: { memberId: string; role: string }) =>
      unwrap(client.organization.updateMemberRole({ memberId, role, organizationId })),
  });
}
