/**
 * @module POST /organization/update-team {teamId, data: {name, organizationId}}: renames a team
 * (better-auth reads the organization from `data`).
 */
import { useCallback } from 'react';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useRenameTeam(organizationId: string, teamId: string) {
  const client = useAuthClient();
  return useCallback(
    ({ name }: { name: string }) => unwrap(client.organization.updateTeam({ teamId, data: { name, organizationId } })),
    [client, organizationId, teamId],
  );
}
