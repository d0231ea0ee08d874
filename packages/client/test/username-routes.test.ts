/**
 * The username plugin's routes through a client typed from the server (SPEC §3, §5, §7, §8):
 * sign-up with a username, sign-in by username, availability, and the catalogue's username errors.
 */
import { authInternalsForTests } from '@latchkey/server/testing';
import { describe, expect, it } from 'vitest';
import { browser, PASSWORD, signedUpBrowser, uniqueEmail, useTestServer } from './support';

const server = useTestServer();
let counter = 0;

/** A username no other test in this file uses. */
function uniqueUsername(prefix = 'User'): string {
  counter += 1;
  return `${prefix}_${counter}_${Math.random().toString(36).slice(2, 6)}`;
}

describe('username routes through the typed client', () => {
  it('sign-up with a username stores it lower-cased and keeps the typed form as displayUsername', async () => {
    const username = uniqueUsername('Alice');
    const { user, client } = await signedUpBrowser(server, { username });
    expect(user).toMatchObject({ username: username.toLowerCase(), displayUsername: username });
    const { data } = await client.getSession({ query: { disableCookieCache: true } });
    expect(data?.user.username).toBe(username.toLowerCase());
  });

  it('signIn.username signs in whatever the case typed, and answers the user with its username', async () => {
    const username = uniqueUsername();
    const { email } = await signedUpBrowser(server, { username });
    const { client } = browser(server);
    const result = await client.signIn.username({ username: username.toUpperCase(), password: PASSWORD });
    expect(result.error).toBeNull();
    expect(result.data).toMatchObject({
      redirect: false,
      token: expect.any(String),
      user: { email, username: username.toLowerCase() },
    });
    expect((await client.getSession()).data?.user.email).toBe(email);
  });

  it('signIn.username with a wrong password answers 401 INVALID_USERNAME_OR_PASSWORD and signs nobody in', async () => {
    const username = uniqueUsername();
    await signedUpBrowser(server, { username });
    const { client } = browser(server);
    const result = await client.signIn.username({ username, password: 'not the password' });
    expect(result).toEqual({
      data: null,
      error: expect.objectContaining({
        status: 401,
        code: 'INVALID_USERNAME_OR_PASSWORD',
        message: 'invalid username or password',
      }),
    });
    expect((await client.getSession()).data).toBeNull();
  });

  it('isUsernameAvailable answers false for a taken username in any case, true for a free one', async () => {
    const username = uniqueUsername();
    await signedUpBrowser(server, { username });
    const { client } = browser(server);
    expect(await client.isUsernameAvailable({ username: username.toUpperCase() })).toEqual({
      data: { available: false },
      error: null,
    });
    expect(await client.isUsernameAvailable({ username: uniqueUsername() })).toEqual({
      data: { available: true },
      error: null,
    });
  });

  it('sign-up with a taken username answers 400 with the catalogue message and creates no user', async () => {
    const username = uniqueUsername();
    await signedUpBrowser(server, { username });
    const { client } = browser(server);
    const email = uniqueEmail('taken');
    const result = await client.signUp.email({ email, password: PASSWORD, name: 'Second', username });
    expect(result.error).toMatchObject({
      status: 400,
      code: 'USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER',
      message: 'username is already taken. please try another.',
    });
    expect(await authInternalsForTests(server.auth).users.findByEmail(email)).toBeNull();
  });

  it.each([
    ['ab', 'USERNAME_IS_TOO_SHORT', 'username is too short'],
    ['a'.repeat(31), 'USERNAME_IS_TOO_LONG', 'username is too long'],
    ['no spaces', 'USERNAME_IS_INVALID', 'username is invalid'],
  ])('sign-up with the username %j answers 400 %s', async (username, code, message) => {
    const { client } = browser(server);
    const result = await client.signUp.email({
      email: uniqueEmail('rules'),
      password: PASSWORD,
      name: 'Rules',
      username,
    });
    expect(result.error).toMatchObject({ status: 400, code, message });
  });

  it('updateUser changes the username, and the new one signs in', async () => {
    const { client, email } = await signedUpBrowser(server, { username: uniqueUsername() });
    const renamed = uniqueUsername('Renamed');
    expect(await client.updateUser({ username: renamed })).toEqual({ data: { status: true }, error: null });
    expect((await client.getSession()).data?.user).toMatchObject({
      username: renamed.toLowerCase(),
      displayUsername: renamed,
    });
    const other = browser(server);
    expect((await other.client.signIn.username({ username: renamed, password: PASSWORD })).data?.user.email).toBe(
      email,
    );
  });
});
