/**
 * @module GET /organization/list-user-organizations?userId: the user's organizations with the
 * user's role in each (Latchkey's route; the server lets through whoever may view the user).
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient, type AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { adminKeys } from './admin-keys';

export type UserOrganization = NonNullable<
  Awaited<ReturnType<AppClient['organization']['listUserOrganizations']>>['data']
>[number];

export function useUserOrganizations(userId: string) {
  const client = useAuthClient();
  return useQuery({
    queryKey: adminKeys.organizations(userId),
    queryFn: () => unwrap(client.organization.listUserOrganizations({ query: { userId } })),
  });
}
