/**
 * @module One invitation addressed to the signed-in user (GET /organization/get-invitation?id),
 * with its organization's name and the inviter's e-mail. The server refuses anyone but the
 * recipient, and invitations no longer pending or expired; the page shows why.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export function useInvitation(invitationId: string) {
  const client = useAuthClient();
  return useQuery({
    queryKey: organizationKeys.invitation(invitationId),
    queryFn: () => unwrap(client.organization.getInvitation({ query: { id: invitationId } })),
    // An answered invitation is gone from the server: no refetch that would replace it by an error.
    refetchOnWindowFocus: false,
  });
}
