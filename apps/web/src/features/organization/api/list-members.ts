/**
 * @module One page of an organization's members, each with its user (GET /organization/list-members
 * with limit, offset and searchValue — a name or e-mail fragment), and their total. The previous
 * page stays on screen while the next loads, so the table does not jump while the user types.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export interface MemberPageRequest {
  search: string;
  limit: number;
  offset: number;
}

export function useListMembers(organizationId: string, page: MemberPageRequest) {
  const client = useAuthClient();
  const { search, limit, offset } = page;
  return useQuery({
    queryKey: [...organizationKeys.members(organizationId), { search, limit, offset }],
    queryFn: () =>
      unwrap(
        client.organization.listMembers({
          query: { organizationId, limit, offset, ...(search ? { searchValue: search } : {}) },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export type OrganizationMember = NonNullable<ReturnType<typeof useListMembers>['data']>['members'][number];
