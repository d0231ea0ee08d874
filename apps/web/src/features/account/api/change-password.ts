/**
 * @module POST /change-password {currentPassword, newPassword, revokeOtherSessions}. With
 * revokeOtherSessions every other device is signed out and this one gets a new session; the
 * cache rules reload the session and the sessions list after a success.
 */
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}

export function useChangePassword() {
  const client = useAuthClient();
  return (input: ChangePasswordInput) => unwrap(client.changePassword(input));
}
