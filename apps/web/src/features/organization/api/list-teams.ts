/**
 * @module An organization's teams (GET /organization/list-teams): the Teams section and the team
 * choice of the invitation form.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export function useListTeams(organizationId: string) {
  const client = useAuthClient();
  return useQuery({
    queryKey: organizationKeys.teams(organizationId),
    queryFn: () => unwrap(client.organization.listTeams({ query: { organizationId } })),
  });
}

export type OrganizationTeam = NonNullable<ReturnType<typeof useListTeams>['data']>[number];
