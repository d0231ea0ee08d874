/**
 * @module POST /organization/delete {organizationId}: members, invitations and teams go with it.
 * The session is reloaded, since it may have had this organization active.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export function useDeleteOrganization(organizationId: string) {
  const { client, hooks } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(client.organization.delete({ organizationId })),
    onSuccess: () => {
      hooks.stores.session.invalidate();
      queryClient.removeQueries({ queryKey: organizationKeys.organization(organizationId) });
    },
  });
}
