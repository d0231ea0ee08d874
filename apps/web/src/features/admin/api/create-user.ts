/**
 * @module POST /admin/create-user {email, password, name, role?}: a user with a password, created
 * by an admin (unverified, not signed in).
 */
import type { AppClient } from '../../../lib/auth';
import { useAdminMutation } from './use-admin-mutation';

export type CreateUserInput = Parameters<AppClient['admin']['createUser']>[0];

export function useCreateUser() {
  return useAdminMutation((client, input: CreateUserInput) => client.admin.createUser(input));
}
