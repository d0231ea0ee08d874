/**
 * @module POST /organization/leave {organizationId}. The organization list and the session (whose
 * active organization it may have been) are reloaded: neither refreshes itself after a leave.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export function useLeaveOrganization(organizationId: string) {
  const { client, hooks } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(client.organization.leave({ organizationId })),
    onSuccess: () => {
      hooks.stores.session.invalidate();
      hooks.stores.organizations.invalidate();
      queryClient.removeQueries({ queryKey: organizationKeys.organization(organizationId) });
    },
  });
}
