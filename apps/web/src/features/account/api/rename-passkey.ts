/**
 * @module POST /passkey/update-passkey {id, name}: renames one of the user's passkeys; the list
 * reloads through the success event (`app/stale-after.ts`).
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useRenamePasskey() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => unwrap(client.passkey.updatePasskey({ id, name })),
  });
}
