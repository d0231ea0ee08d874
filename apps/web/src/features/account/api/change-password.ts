/**
 * @module POST /change-password {currentPassword, newPassword, revokeOtherSessions}. With
 * revokeOtherSessions every other device is signed out and this one gets a new session, so the
 * sessions list is reloaded after a success.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { accountKeys } from './account-keys';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}

export function useChangePassword() {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return async (input: ChangePasswordInput) => {
    const result = await client.changePassword(input);
    if (!result.error) await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    return result;
  };
}
