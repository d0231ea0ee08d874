/**
 * @module "Send password reset mail" on a user's page: the public POST /request-password-reset
 * with the user's address, as the user would ask from the sign-in screen. The server answers the
 * same whether or not a mail goes out (it never tells which addresses have accounts); the admin
 * knows this one has.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

/** The app's reset page, as in features/auth/lib/auth-paths.ts (features do not import each other). */
const RESET_PASSWORD_PATH = '/reset-password';

export function useSendPasswordResetMail() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (email: string) => unwrap(client.requestPasswordReset({ email, redirectTo: RESET_PASSWORD_PATH })),
  });
}
