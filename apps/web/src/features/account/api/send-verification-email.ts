/**
 * @module POST /send-verification-email {email, callbackURL}: mails a new verification link to
 * the user's own unverified address; the link comes back to the account page.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function useSendVerificationEmail() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (email: string) => unwrap(client.sendVerificationEmail({ email, callbackURL: '/account' })),
  });
}
