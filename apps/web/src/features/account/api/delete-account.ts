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

/**
 * The public page that says the account is gone, for both outcomes: the account page goes there
 * after an immediate deletion, and it is the mailed link's callbackURL (the server adds `?error=…`
 * when the link could not delete). The marker tells a followed link from the page opened by hand.
 */
export const ACCOUNT_DELETED_PATH = '/account-deleted?deleted=1';

export function useDeleteAccount() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: async ({ password }: { password?: string }): Promise<DeleteOutcome> => {
      const data = await unwrap(
        client.deleteUser({ ...(password !== undefined && { password }), callbackURL: ACCOUNT_DELETED_PATH }),
      );
      return data.message === 'Verification email sent' ? 'mailed' : 'deleted';
    },
  });
}
