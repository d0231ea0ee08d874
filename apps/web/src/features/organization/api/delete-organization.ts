/**
 * @module POST /organization/delete {organizationId}: members, invitations and teams go with it.
 * The cache rules reload the session (it may have had this organization active) and the list; the
 * organization's own queries are dropped rather than reloaded into a "not found".
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export function useDeleteOrganization(organizationId: string) {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(client.organization.delete({ organizationId })),
    onSuccess: () => queryClient.removeQueries({ queryKey: organizationKeys.organization(organizationId) }),
  });
}
