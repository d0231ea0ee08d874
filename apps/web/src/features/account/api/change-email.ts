/**
 * @module POST /change-email {newEmail, callbackURL}. An unverified address is replaced at once
 * (and the new one gets a verification mail); a verified one only after its owner approves from
 * the current address (SPEC §4). Which of the two happened is read back from the server rather
 * than guessed from the session in memory, whose cookie cache may not show a recent verification.
 */
import { useAuth, type AppResult } from '../../../lib/auth';

export interface ChangeEmailOutcome {
  /** true: the address is already the new one; false: the current address must approve. */
  applied: boolean;
}

export function useChangeEmail() {
  const { client, hooks } = useAuth();
  return async ({ newEmail }: { newEmail: string }): Promise<AppResult<ChangeEmailOutcome>> => {
    const result = await client.changeEmail({ newEmail, callbackURL: '/account' });
    if (result.error) return result;
    const fresh = await client.getSession({ query: { disableCookieCache: true } });
    // change-email is not among the calls that refresh the session store by themselves.
    await hooks.stores.session.refetch();
    return { data: { applied: fresh.data?.user.email === newEmail.trim().toLowerCase() }, error: null };
  };
}
