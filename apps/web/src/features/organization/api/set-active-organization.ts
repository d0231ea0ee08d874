/**
 * @module POST /organization/set-active {organizationId}: the session's active organization. The
 * client's stores reload the session and the active member by themselves.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useSetActiveOrganization() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (organizationId: string | null) => unwrap(client.organization.setActive({ organizationId })),
  });
}
