/**
 * @module POST /admin/create-user {email, password, name, role?}: a user with a password, created
 * by an admin (unverified, not signed in).
 */
import type { AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export type CreateUserInput = Parameters<AppClient['admin']['createUser']>[0];

export function createUser(client: AppClient, input: CreateUserInput) {
  return unwrap(client.admin.createUser(input));
}
