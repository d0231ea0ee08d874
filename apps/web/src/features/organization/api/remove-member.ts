/**
 * @module POST /organization/remove-member {memberIdOrEmail, organizationId}: by member id, so an
 * e-mail typed elsewhere can never pick the wrong person.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export function useRemoveMember(organizationId: string) {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) =>
      unwrap(client.organization.removeMember({ memberIdOrEmail: memberId, organizationId })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.organization(organizationId) }),
  });
}
