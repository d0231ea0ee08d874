/**
 * @module The user's organizations (GET /organization/list): the organizations page's list and
 * the header's switcher read the same cached answer, which the cache rules refresh after a
 * create, update, delete, leave or accepted invitation.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export function useListOrganizations() {
  const client = useAuthClient();
  return useQuery({
    queryKey: organizationKeys.list(),
    queryFn: () => unwrap(client.organization.list()),
  });
}
