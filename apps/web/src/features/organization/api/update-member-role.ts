/**
 * @module POST /organization/update-member-role {memberId, role, organizationId}. Only an owner
 * gives or takes the owner role; the server refuses otherwise, and the only owner keeps it. A
 * refusal reloads the organization: it usually means the page was out of date (another owner
 * stepped down meanwhile), and the reloaded members disable what can no longer be done.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export function useUpdateMemberRole(organizationId: string) {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, role }: { memberId: string; role: string }) =>
      unwrap(client.organization.updateMemberRole({ memberId, role, organizationId })),
    onError: () => queryClient.invalidateQueries({ queryKey: organizationKeys.organization(organizationId) }),
  });
}
