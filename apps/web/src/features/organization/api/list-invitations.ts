/**
 * @module An organization's invitations (GET /organization/list-invitations). The server answers
 * every status; the page shows the pending ones.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export function useListInvitations(organizationId: string) {
  const client = useAuthClient();
  return useQuery({
    queryKey: organizationKeys.invitations(organizationId),
    queryFn: () => unwrap(client.organization.listInvitations({ query: { organizationId } })),
  });
}

export type OrganizationInvitation = NonNullable<ReturnType<typeof useListInvitations>['data']>[number];
