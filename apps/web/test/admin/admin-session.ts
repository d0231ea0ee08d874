/**
 * @module Helpers for the admin tests: a signed-in admin (admin@example.com is made admin once
 * its address is verified) and users created through the admin API, as the console would create them.
 */
import type { AppAuth } from '../../src/lib/auth';
import { createTestAuth } from '../support/render-app';
import { ADMIN_EMAIL, PASSWORD, uniqueEmail, verifyAddressByMail, type TestServer } from '../support/test-server';

/**
 * Signs the admin up and proves its address by mail on a fresh server (the listed address becomes
 * admin then), or only signs it in when a previous test already did.
 */
export async function signInAdmin(server: TestServer): Promise<AppAuth> {
  const auth = createTestAuth(server);
  const signUp = await auth.client.signUp.email({ email: ADMIN_EMAIL, password: PASSWORD, name: 'Ada Admin' });
  if (!signUp.error) await verifyAddressByMail(server, ADMIN_EMAIL);
  // Signed in again, so that the session's cached user carries the role.
  const signIn = await auth.client.signIn.email({ email: ADMIN_EMAIL, password: PASSWORD });
  if (signIn.error) throw new Error(`admin sign-in failed: ${signIn.error.message}`);
  return auth;
}

export async function signInUser(
  server: TestServer,
  email = uniqueEmail('member'),
  name = 'Mia Member',
): Promise<{ auth: AppAuth; email: string; id: string }> {
  const auth = createTestAuth(server);
  const { data, error } = await auth.client.signUp.email({ email, password: PASSWORD, name });
  if (error) throw new Error(`sign-up failed: ${error.message}`);
  return { auth, email, id: data.user.id };
}

export async function createUsers(
  admin: AppAuth,
  users: { email: string; name: string; role?: 'user' | 'admin' }[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const user of users) {
    const { data, error } = await admin.client.admin.createUser({ ...user, password: PASSWORD });
    if (error) throw new Error(`create-user failed: ${error.message}`);
    ids.push(data.user.id);
  }
  return ids;
}
