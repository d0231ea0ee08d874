/**
 * @module POST /admin/impersonate-user {userId}: the browser's session becomes the user's (for an
 * hour by default), marked with `impersonatedBy`; the admin's own session is kept aside by the
 * server for stop-impersonating.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { useForgetIdentity } from './forget-identity';

export function useImpersonateUser() {
  const client = useAuthClient();
  const forgetIdentity = useForgetIdentity();
  return useMutation({
    mutationFn: (userId: string) => unwrap(client.admin.impersonateUser({ userId })),
    onSuccess: forgetIdentity,
  });
}
