/**
 * @module POST /admin/stop-impersonating: ends the impersonation session and restores the admin's.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { useForgetIdentity } from './forget-identity';

export function useStopImpersonating() {
  const client = useAuthClient();
  const forgetIdentity = useForgetIdentity();
  return useMutation({
    mutationFn: () => unwrap(client.admin.stopImpersonating()),
    onSuccess: forgetIdentity,
  });
}
