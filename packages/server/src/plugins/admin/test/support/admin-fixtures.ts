/**
 * @module What the admin suites share: users given a role in the database (as an operator would
 * set it, without the permission checks of set-role), and users inserted under a fixed id.
 */
import { expect } from 'vitest';
import { adminSchema } from '../../schema';
import { uniqueEmail, type Harness, type TestClient } from '../../../../../test/support/harness';

export const PASSWORD = 'correct horse battery';
export const UNAUTHORIZED = { code: 'UNAUTHORIZED', message: 'Unauthorized' };

/** Writes the role column; a session's cookie cache keeps the role it was issued with. */
export async function setRole(h: Harness, userId: string, role: string): Promise<void> {
  await adminSchema.db(h.auth.context).updateTable('user').set({ role }).where('id', '=', userId).execute();
}

/** A signed-up user given `role` (`admin` by default); POST routes read the role from the database. */
export async function signUpWithRole(
  h: Harness,
  role = 'admin',
  email = uniqueEmail(role.replace(/,/g, '-')),
): ReturnType<Harness['signUp']> {
  const signedUp = await h.signUp(email, PASSWORD);
  await setRole(h, signedUp.user.id, role);
  return signedUp;
}

/** As `signUpWithRole`, then signed in again, so the cookie cache that GET routes read carries the role. */
export async function signInWithRole(
  h: Harness,
  role = 'admin',
  email = uniqueEmail(role.replace(/,/g, '-')),
): Promise<{ client: TestClient; user: { id: string; email: string } }> {
  await signUpWithRole(h, role, email);
  const client = h.client();
  const signIn = await client.post('/sign-in/email', { email, password: PASSWORD });
  expect(signIn.status).toBe(200);
  return { client, user: signIn.body.user };
}

/** A user row written directly, under an id chosen by the test (a configured admin user id, say). */
export async function insertUserWithId(h: Harness, id: string): Promise<void> {
  const now = h.clock.now();
  await h.auth.context.db
    .insertInto('user')
    .values({
      id,
      name: 'Configured',
      email: uniqueEmail('configured'),
      emailVerified: false,
      image: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}
