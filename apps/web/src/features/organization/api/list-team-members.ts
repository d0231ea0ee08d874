/**
 * @module One team's members (GET /organization/list-team-members?teamId): the teamMember rows,
 * {userId} each, which the Teams tab joins with the organization's members for names. The server
 * answers members of the team and those who may change it; only asked when the team is opened.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export function useListTeamMembers(organizationId: string, teamId: string, enabled: boolean) {
  const client = useAuthClient();
  return useQuery({
    queryKey: organizationKeys.teamMembers(organizationId, teamId),
    queryFn: () => unwrap(client.organization.listTeamMembers({ query: { teamId } })),
    enabled,
  });
}
