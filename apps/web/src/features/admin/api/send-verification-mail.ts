/**
 * @module "Send verification mail" on a user's page: the public POST /send-verification-email
 * with the user's address. Sent without the admin's cookies: signed in, the route only ever
 * verifies the caller's own address (400 EMAIL_MISMATCH for any other), while anonymously it mails
 * the link to an existing, unverified address. No new admin route is needed for it.
 */
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { createAppAuth, useAuth } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

/** The app's verification page, as in features/auth/lib/auth-paths.ts (features do not import each other). */
const VERIFY_EMAIL_PATH = '/verify-email?verified=1';

export function useSendVerificationMail() {
  const auth = useAuth();
  // A client of its own, whose calls carry no cookies; its successes change nothing the app caches.
  const anonymous = useMemo(
    () =>
      createAppAuth({
        baseURL: auth.baseURL,
        fetch: (input, init) => auth.fetch(input, { ...init, credentials: 'omit' }),
      }).client,
    [auth],
  );
  return useMutation({
    mutationFn: (email: string) => unwrap(anonymous.sendVerificationEmail({ email, callbackURL: VERIFY_EMAIL_PATH })),
  });
}
