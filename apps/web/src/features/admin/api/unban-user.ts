/**
 * @module POST /admin/unban-user {userId}: lifts a ban, clearing its reason and expiry.
 */
import { useMutation } from '@tanstack/react-query';
import { useAuthClient, type AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export type UnbanUserInput = Parameters<AppClient['admin']['unbanUser']>[0];

export function useUnbanUser() {
  const client = useAuthClient();
  return useMutation({ mutationFn: (input: UnbanUserInput) => unwrap(client.admin.unbanUser(input)) });
}
