/**
 * @module POST /organization/remove-member {memberIdOrEmail, organizationId}: by member id, so an
 * e-mail typed elsewhere can never pick the wrong person.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useRemoveMember(organizationId: string) {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (memberId: string) =>
      unwrap(client.organization.removeMember({ memberIdOrEmail: memberId, organizationId })),
  });
}
