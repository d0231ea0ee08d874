/**
 * @module POST /organization/update-team {teamId, data: {name, organizationId}}: renames a team
 * (better-auth reads the organization from `data`).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuthClient } from '../../../lib/auth';
import { organizationKeys } from './organization-keys';

export function useRenameTeam(organizationId: string, teamId: string) {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useCallback(
    async ({ name }: { name: string }) => {
      const result = await client.organization.updateTeam({ teamId, data: { name, organizationId } });
      if (!result.error) await queryClient.invalidateQueries({ queryKey: organizationKeys.teams(organizationId) });
      return result;
    },
    [client, queryClient, organizationId, teamId],
  );
}
