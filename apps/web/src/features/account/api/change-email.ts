/**
 * @module POST /change-email {newEmail, callbackURL}. An unverified address is replaced at once
 * (and the new one gets a verification mail); a verified one only after its owner approves from
 * the current address (SPEC §4). Which of the two happened is read back from the server rather
 * than guessed from the session in memory, whose cookie cache may not show a recent verification;
 * that read becomes the cached session, since the one the change's success event started may have
 * been answered from the older cookie.
 */
import { useQueryClient } from '@tanstack/react-query';
import { sessionKey, useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export interface ChangeEmailOutcome {
  /** true: the address is already the new one; false: the current address must approve. */
  applied: boolean;
}

export function useChangeEmail() {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return async ({ newEmail }: { newEmail: string }): Promise<ChangeEmailOutcome> => {
    await unwrap(client.changeEmail({ newEmail, callbackURL: '/account' }));
    const fresh = await client.getSession({ query: { disableCookieCache: true } });
    if (!fresh.error) {
      await queryClient.cancelQueries({ queryKey: sessionKey });
      queryClient.setQueryData(sessionKey, fresh.data);
    }
    return { applied: fresh.data?.user.email === newEmail.trim().toLowerCase() };
  };
}
