/**
 * @module POST /organization/leave {organizationId}. The cache rules reload the organization list
 * and the session (whose active organization it may have been); the organization's own queries
 * are dropped rather than reloaded, which would only fetch a refusal for a page the user is leaving.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export function useLeaveOrganization(organizationId: string) {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(client.organization.leave({ organizationId })),
    onSuccess: () => queryClient.removeQueries({ queryKey: organizationKeys.organization(organizationId) }),
  });
}
