/**
 * @module Sets a new password with the token of the mailed link. The server ends every session of
 * the user afterwards, so the page waits for the cached session's reload: a browser that was signed
 * in is now out.
 */
import type { AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function resetPassword(client: AppClient, { token, newPassword }: { token: string; newPassword: string }) {
  return unwrap(client.resetPassword({ newPassword, token }));
}
