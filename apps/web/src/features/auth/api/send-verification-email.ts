/**
 * @module Mails a new verification link that lands on this app's `/verify-email` page. Offered
 * when sign-in answers EMAIL_NOT_VERIFIED: the link that answer already sent has no page of the
 * app to land on (a sign-in cannot carry one without the client following it on success). The new
 * link carries sign-in's return address (an invitation, say), so verifying leads back there.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { verifyEmailCallbackURL } from '../../../lib/safe-redirect';

export function useSendVerificationEmail() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: ({ email, returnTo }: { email: string; returnTo?: string }) =>
      unwrap(client.sendVerificationEmail({ email, callbackURL: verifyEmailCallbackURL(returnTo) })),
  });
}
