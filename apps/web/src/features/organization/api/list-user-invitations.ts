/**
 * @module The signed-in user's own pending invitations (GET /organization/list-user-invitations),
 * each with its organization's name, listed on the organizations page.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export function useListUserInvitations() {
  const client = useAuthClient();
  return useQuery({
    queryKey: organizationKeys.userInvitations(),
    queryFn: () => unwrap(client.organization.listUserInvitations()),
  });
}
