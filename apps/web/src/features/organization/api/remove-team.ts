/**
 * @module POST /organization/remove-team {teamId, organizationId}. The organization's last team
 * stays: the server answers UNABLE_TO_REMOVE_LAST_TEAM.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export function useRemoveTeam(organizationId: string) {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => unwrap(client.organization.removeTeam({ teamId, organizationId })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.teams(organizationId) }),
  });
}
