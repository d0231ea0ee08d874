/**
 * @module POST /two-factor/forget-trusted-device {id}: that browser is asked the second step again
 * at its next sign-in. The list is reloaded afterwards (app/stale-after.ts).
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useForgetTrustedDevice() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(client.twoFactor.forgetTrustedDevice({ id })),
  });
}
