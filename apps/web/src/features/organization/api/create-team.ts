/**
 * @module POST /organization/create-team {name, organizationId}. A name the organization already
 * has is refused with TEAM_ALREADY_EXISTS, shown at the name field.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuthClient } from '../../../lib/auth';
import { organizationKeys } from './organization-keys';

export function useCreateTeam(organizationId: string) {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useCallback(
    async ({ name }: { name: string }) => {
      const result = await client.organization.createTeam({ name, organizationId });
      if (!result.error) await queryClient.invalidateQueries({ queryKey: organizationKeys.teams(organizationId) });
      return result;
    },
    [client, queryClient, organizationId],
  );
}
