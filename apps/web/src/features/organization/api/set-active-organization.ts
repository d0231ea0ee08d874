/**
 * @module POST /organization/set-active {organizationId}: the session's active organization. The
 * cache rules reload the session, so the header follows by itself.
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
