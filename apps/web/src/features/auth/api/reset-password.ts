/**
 * @module Sets a new password with the token of the mailed link. The server ends every session of
 * the user afterwards, so the page reloads the session store: a browser that was signed in is now out.
 */
import type { AppClient } from '../../../lib/auth';

export function resetPassword(client: AppClient, { token, newPassword }: { token: string; newPassword: string }) {
  return client.resetPassword({ newPassword, token });
}
