/**
 * @module POST /delete-user {password?, callbackURL}. The server answers
 * - `{success, message: 'User deleted'}`: gone at once (its cookies are cleared);
 * - `{success, message: 'Verification email sent'}`: the account's address got a link that deletes
 *   it (the server's `sendDeleteAccountVerification`);
 * - INVALID_PASSWORD / CREDENTIAL_ACCOUNT_NOT_FOUND for the password, or
 *   SESSION_EXPIRED_RE_AUTHENTICATE_TO_PERFORM_THIS_ACTION without one when the session is not fresh.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export type DeleteOutcome = 'deleted' | 'mailed';

/** Where the mailed link lands once the account is gone. */
const AFTER_MAILED_DELETION = '/sign-in';

export function useDeleteAccount() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: async ({ password }: { password?: string }): Promise<DeleteOutcome> => {
      const data = await unwrap(
        client.deleteUser({ ...(password !== undefined && { password }), callbackURL: AFTER_MAILED_DELETION }),
      );
      return data.message === 'Verification email sent' ? 'mailed' : 'deleted';
    },
  });
}
