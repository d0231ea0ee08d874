/**
 * @module POST /forget-password {email, redirectTo}: for an account without a password. Setting a
 * first password (/set-password) is server-only in Latchkey — it asks for no current password,
 * so it is not reachable over HTTP — and the reset link is how a user proves the mailbox and
 * chooses one. The link lands on the app's reset-password screen.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export const RESET_PASSWORD_PATH = '/reset-password';

export function useRequestPasswordLink() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (email: string) => unwrap(client.forgetPassword({ email, redirectTo: RESET_PASSWORD_PATH })),
  });
}
