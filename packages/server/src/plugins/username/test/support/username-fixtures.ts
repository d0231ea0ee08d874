/**
 * @module What the username suites share: the plugin's answers as SPEC §8 words them, unique
 * usernames, and the requests and rows they check.
 */
import { sql } from 'kysely';
import { randomString } from '../../../../crypto/random';
import { usernameSchema } from '../../schema';
import { uniqueEmail, type Harness, type TestResponse } from '../../../../../test/support/harness';

export const PASSWORD = 'correct horse battery';
export const WRONG = 'not the password';
/** The plugin's refusals (and e-mail sign-in's, beside them), as SPEC §8 words them. */
export const REFUSED = {
  invalidCredentials: { code: 'INVALID_USERNAME_OR_PASSWORD', message: 'invalid username or password' },
  taken: {
    code: 'USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER',
    message: 'username is already taken. please try another.',
  },
  tooShort: { code: 'USERNAME_IS_TOO_SHORT', message: 'username is too short' },
  tooLong: { code: 'USERNAME_IS_TOO_LONG', message: 'username is too long' },
  invalid: { code: 'USERNAME_IS_INVALID', message: 'username is invalid' },
  invalidEmailCredentials: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
} as const;

let counter = 0;
/** A username no other test uses, in mixed case. */
export function uniqueUsername(prefix = 'user'): string {
  counter += 1;
  return `${prefix}_${counter}_${randomString(6)}`;
}

/** The user row as stored, plugin columns included. */
export async function userRow(h: Harness, email: string): Promise<Record<string, unknown> | undefined> {
  return h.auth.context.db.selectFrom('user').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function usersWithUsername(h: Harness, username: string): Promise<Array<{ id: string; email: string }>> {
  return h.auth.context.db
    .selectFrom('user')
    .select(['id', 'email'])
    .where(sql.ref('username'), '=', username)
    .execute();
}

export function signUp(
  h: Harness,
  fields: Record<string, unknown>,
  email = uniqueEmail('uname'),
): Promise<TestResponse> {
  return h.client().post('/sign-up/email', { email, password: PASSWORD, name: 'Name', ...fields });
}

export function signInEmail(h: Harness, email: string, password: string, ip?: string): Promise<TestResponse> {
  return h.client(ip).post('/sign-in/email', { email, password });
}

export function signInUsername(h: Harness, username: string, password: string, ip?: string): Promise<TestResponse> {
  return h.client(ip).post('/sign-in/username', { username, password });
}

/** A user row with `username` written directly, as another system would: no account, so no password. */
export async function insertUserWithUsername(h: Harness, username: string, emailVerified = false): Promise<string> {
  const now = h.clock.now();
  const id = randomString(32);
  await usernameSchema
    .db(h.auth.context)
    .insertInto('user')
    .values({
      id,
      name: 'Inserted',
      email: uniqueEmail('inserted'),
      emailVerified,
      createdAt: now,
      updatedAt: now,
      username,
    })
    .execute();
  return id;
}
