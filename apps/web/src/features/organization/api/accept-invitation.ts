/**
 * @module POST /organization/accept-invitation {invitationId}: the user joins, and the server makes
 * the organization the session's active one. The session (for the header's switcher), the
 * organization list and the user's invitations are reloaded: none refreshes itself on accept.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { organizationKeys } from './organization-keys';

export function useAcceptInvitation() {
  const { client, hooks } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => unwrap(client.organization.acceptInvitation({ invitationId })),
    onSuccess: () => {
      hooks.stores.session.invalidate();
      hooks.stores.organizations.invalidate();
      return queryClient.invalidateQueries({ queryKey: organizationKeys.userInvitations() });
    },
  });
}
