/**
 * @module The members of an organization, each with its user (GET /organization/list-members).
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export function useListMembers(organizationId: string) {
  const client = useAuthClient();
  return useQuery({
    queryKey: organizationKeys.members(organizationId),
    queryFn: () => unwrap(client.organization.listMembers({ query: { organizationId } })),
  });
}

export type OrganizationMember = NonNullable<ReturnType<typeof useListMembers>['data']>['members'][number];
