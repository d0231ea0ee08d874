/**
 * @module POST /organization/create-team {name, organizationId}. A name the organization already
 * has is refused with TEAM_ALREADY_EXISTS, shown at the name field.
 */
import { useCallback } from 'react';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useCreateTeam(organizationId: string) {
  const client = useAuthClient();
  return useCallback(
    ({ name }: { name: string }) => unwrap(client.organization.createTeam({ name, organizationId })),
    [client, organizationId],
  );
}
