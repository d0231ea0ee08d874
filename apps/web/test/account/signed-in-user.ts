/**
 * @module A new user signed up (and so signed in) through a test client, for rendering the
 * account screens as that user. A second client of the same user stands for another device.
 */
import type { AppAuth } from '../../src/lib/auth';
import { createTestAuth } from '../support/render-app';
import { PASSWORD, uniqueEmail, type TestServer } from '../support/test-server';

export interface SignedInUser {
  auth: AppAuth;
  email: string;
  password: string;
}

export async function signedInUser(
  server: TestServer,
  fields: { name?: string; username?: string } = {},
): Promise<SignedInUser> {
  const auth = createTestAuth(server);
  const email = uniqueEmail('account');
  const { error } = await auth.client.signUp.email({
    name: fields.name ?? 'Ada Lovelace',
    email,
    password: PASSWORD,
    ...(fields.username && { username: fields.username }),
  });
  if (error) throw new Error(`sign-up failed: ${error.code}`);
  return { auth, email, password: PASSWORD };
}

/** The same user signed in from elsewhere, with a browser's User-Agent. */
export async function otherDevice(server: TestServer, user: SignedInUser, userAgent: string): Promise<AppAuth> {
  const auth = createTestAuth(server);
  const { error } = await auth.client.signIn.email(
    { email: user.email, password: user.password },
    { headers: { 'user-agent': userAgent } },
  );
  if (error) throw new Error(`sign-in failed: ${error.code}`);
  return auth;
}
