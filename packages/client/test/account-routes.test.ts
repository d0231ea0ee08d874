/**
 * The account lifecycle calls that need no mailed link, through a client typed from the server
 * (SPEC §4, §7, §8): change-password, the session list and its revocations, update-user and
 * list-accounts.
 */
import { describe, expect, it } from 'vitest';
import { browser, PASSWORD, signedUpBrowser, useTestServer } from './support';

const NEW_PASSWORD = 'a brand new passphrase';
const server = useTestServer();

/** The same account signed in from a second browser. */
async function secondDevice(email: string) {
  const device = browser(server);
  expect((await device.client.signIn.email({ email, password: PASSWORD })).error).toBeNull();
  return device;
}

describe('account lifecycle routes through the typed client', () => {
  it('changePassword with revokeOtherSessions answers a new token, ends the other sessions, and only the new password signs in', async () => {
    const { client, email } = await signedUpBrowser(server);
    const other = await secondDevice(email);
    const changed = await client.changePassword({
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: true,
    });
    expect(changed.error).toBeNull();
    expect(changed.data).toMatchObject({ token: expect.any(String), user: { email } });
    expect((await client.getSession({ query: { disableCookieCache: true } })).data?.user.email).toBe(email);
    expect((await other.client.getSession({ query: { disableCookieCache: true } })).data).toBeNull();

    const fresh = browser(server);
    expect((await fresh.client.signIn.email({ email, password: PASSWORD })).error).toMatchObject({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
    });
    expect((await fresh.client.signIn.email({ email, password: NEW_PASSWORD })).error).toBeNull();
  });

  it('changePassword with a wrong current password answers 400 "Invalid password" and keeps the old one', async () => {
    const { client, email } = await signedUpBrowser(server);
    const result = await client.changePassword({ currentPassword: 'not my password', newPassword: NEW_PASSWORD });
    expect(result).toEqual({
      data: null,
      error: expect.objectContaining({ status: 400, code: 'INVALID_PASSWORD', message: 'Invalid password' }),
    });
    expect((await browser(server).client.signIn.email({ email, password: PASSWORD })).error).toBeNull();
  });

  it('changePassword with a too short new password answers 400 "Password too short"', async () => {
    const { client } = await signedUpBrowser(server);
    const result = await client.changePassword({ currentPassword: PASSWORD, newPassword: 'short' });
    expect(result.error).toMatchObject({ status: 400, code: 'PASSWORD_TOO_SHORT', message: 'Password too short' });
  });

  it('listSessions shows every session of the user; revokeOtherSessions leaves only the current one', async () => {
    const { client, email } = await signedUpBrowser(server);
    const other = await secondDevice(email);
    const before = await client.listSessions();
    expect(before.data).toHaveLength(2);
    expect(before.data![0]!.expiresAt).toBeInstanceOf(Date);
    expect(await client.revokeOtherSessions()).toEqual({ data: { status: true }, error: null });
    expect((await client.listSessions()).data).toHaveLength(1);
    expect((await other.client.getSession({ query: { disableCookieCache: true } })).data).toBeNull();
  });

  it('revokeSession ends the session of the token given', async () => {
    const { client, email } = await signedUpBrowser(server);
    const other = await secondDevice(email);
    const otherSession = (await other.client.getSession()).data!.session;
    expect(await client.revokeSession({ token: otherSession.token })).toEqual({ data: { status: true }, error: null });
    expect((await other.client.getSession({ query: { disableCookieCache: true } })).data).toBeNull();
    expect((await client.listSessions()).data).toHaveLength(1);
  });

  it('updateUser changes name and image, and get-session shows them at once', async () => {
    const { client } = await signedUpBrowser(server);
    expect(await client.updateUser({ name: 'New Name', image: 'https://example.com/me.png' })).toEqual({
      data: { status: true },
      error: null,
    });
    expect((await client.getSession()).data?.user).toMatchObject({
      name: 'New Name',
      image: 'https://example.com/me.png',
    });
  });

  it('updateUser without a session answers 401', async () => {
    const { client } = browser(server);
    expect((await client.updateUser({ name: 'Nobody' })).error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('listAccounts answers the credential account of a password user', async () => {
    const { client, user } = await signedUpBrowser(server);
    const { data, error } = await client.listAccounts();
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({
        provider: 'credential',
        providerId: 'credential',
        accountId: user.id,
        userId: user.id,
        scopes: [],
      }),
    ]);
    expect(data![0]!.createdAt).toBeInstanceOf(Date);
  });
});
