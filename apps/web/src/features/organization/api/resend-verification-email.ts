/**
 * @module POST /send-verification-email {email, callbackURL}: a new verification link for an
 * invitee whose address is not verified yet. The link lands on the app's verify-email page, which
 * leads back to the invitation (`verifyEmailCallbackURL`).
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { verifyEmailCallbackURL } from '../../../lib/safe-redirect';
import { unwrap } from '../../../lib/unwrap';

export function useResendVerificationEmail() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: ({ email, returnTo }: { email: string; returnTo: string }) =>
      unwrap(client.sendVerificationEmail({ email, callbackURL: verifyEmailCallbackURL(returnTo) })),
  });
}
