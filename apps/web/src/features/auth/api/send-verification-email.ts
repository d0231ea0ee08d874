/**
 * @module Mails a new verification link that lands on this app's `/verify-email` page. Offered
 * when sign-in answers EMAIL_NOT_VERIFIED: the link that answer already sent has no page of the
 * app to land on (a sign-in cannot carry one without the client following it on success).
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { VERIFY_EMAIL_PATH } from '../lib/auth-paths';

export function useSendVerificationEmail() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (email: string) => unwrap(client.sendVerificationEmail({ email, callbackURL: VERIFY_EMAIL_PATH })),
  });
}
