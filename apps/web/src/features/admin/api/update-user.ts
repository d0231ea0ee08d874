/**
 * @module POST /admin/update-user {userId, data: {name, email}}: the profile form of a user's page.
 * A changed address comes back unverified (the server's rule); the answer is the updated user.
 */
import type { AppClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export function updateUserProfile(client: AppClient, userId: string, data: { name: string; email: string }) {
  return unwrap(client.admin.updateUser({ userId, data }));
}
