/**
 * @module POST /passkey/delete-passkey {id}: the passkey no longer signs in (the copy on the
 * device or in the password manager stays until the user removes it there). The list reloads
 * through the success event (`app/stale-after.ts`).
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useDeletePasskey() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(client.passkey.deletePasskey({ id })),
  });
}
