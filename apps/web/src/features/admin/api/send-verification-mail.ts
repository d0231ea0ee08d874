/**
 * @module "Resend verification" on a user's page: POST /admin/send-verification-email {userId}.
 * The server refuses an address already verified (400 EMAIL_ALREADY_VERIFIED), so a page left open
 * while the user verified says so instead of pretending to send.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

/** The app's verification page, as in features/auth/lib/auth-paths.ts (features do not import each other). */
const VERIFY_EMAIL_PATH = '/verify-email?verified=1';

export function useSendVerificationMail() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (userId: string) =>
      unwrap(client.admin.sendVerificationEmail({ userId, callbackURL: VERIFY_EMAIL_PATH })),
  });
}
