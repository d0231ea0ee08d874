/**
 * @module One organization in full (GET /organization/get-full-organization?organizationId): its
 * name, slug, logo, metadata, and its members, from which the page learns the caller's own role.
 * By id rather than the active organization, so any of the user's organizations can be opened
 * without switching to it.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export function useOrganization(organizationId: string) {
  const client = useAuthClient();
  return useQuery({
    queryKey: organizationKeys.full(organizationId),
    queryFn: () => unwrap(client.organization.getFullOrganization({ query: { organizationId } })),
  });
}

export type FullOrganization = NonNullable<ReturnType<typeof useOrganization>['data']>;
