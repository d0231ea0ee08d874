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

/**
 * Where the approval link mailed to a verified address lands once the change is applied (or, with
 * `&error=…`, refused): the section then says what the link did.
 */
export const EMAIL_CHANGED_PATH = '/account/email?changed=1';

export interface ChangeEmailOutcome {
  /** true: the address is already the new one; false: the current address must approve. */
  applied: boolean;
}

/** The signed-in user's address as the server has it now, which also becomes the cached session. */
export function useReadCurrentEmail(): () => Promise<string | undefined> {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return async () => {
    const fresh = await client.getSession({ query: { disableCookieCache: true } });
    if (!fresh.error) {
      await queryClient.cancelQueries({ queryKey: sessionKey });
      queryClient.setQueryData(sessionKey, fresh.data);
    }
    return fresh.data?.user.email;
  };
}

export function useChangeEmail() {
  const client = useAuthClient();
  const readCurrentEmail = useReadCurrentEmail();
  return async ({ newEmail }: { newEmail: string }): Promise<ChangeEmailOutcome> => {
    await unwrap(client.changeEmail({ newEmail, callbackURL: EMAIL_CHANGED_PATH }));
    return { applied: (await readCurrentEmail()) === newEmail.trim().toLowerCase() };
  };
}
