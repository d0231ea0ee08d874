/**
 * The admin plugin's routes through a client typed from the server (SPEC §4, §6, §7, §8): the first
 * admin comes from the plugin's `adminEmails` bootstrap once its address is verified, then lists users, changes roles, bans and
 * impersonates, and a plain user is refused each of those.
 */
import { authInternalsForTests } from '@latchkey/server/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  browser,
  markEmailVerified,
  PASSWORD,
  signedUpBrowser,
  uniqueEmail,
  useTestServer,
  type Browser,
} from './support';

const BANNED_MESSAGE =
  'You have been banned from this application. Please contact support if you believe this is an error.';

const server = useTestServer();
let admin: Browser & { userId: string };

let signedUpRole: unknown;

beforeAll(async () => {
  const signedUp = await signedUpBrowser(server, { email: ADMIN_EMAIL, name: 'Admin' });
  signedUpRole = signedUp.user.role;
  // A listed address is promoted once verified: marked so (as the mailed link would), then the
  // server's start-up promotion, then signed in again so the session carries the role.
  await markEmailVerified(server, signedUp.user.id);
  expect(await server.auth.api.promoteAdminEmails()).toEqual({ promoted: 1 });
  const signedIn = browser(server);
  expect((await signedIn.client.signIn.email({ email: ADMIN_EMAIL, password: PASSWORD })).error).toBeNull();
  admin = { ...signedIn, userId: signedUp.user.id };
});

describe('admin routes through the typed client', () => {
  it('a listed admin e-mail signs up as user and is admin once verified, and get-session says so', async () => {
    expect(signedUpRole).toBe('user');
    const { data } = await admin.client.getSession({ query: { disableCookieCache: true } });
    expect(data?.user).toMatchObject({ email: ADMIN_EMAIL, role: 'admin', banned: false });
  });

  it('listUsers GETs with search and paging, and answers {users, total, limit, offset}', async () => {
    const prefix = `listing-${Math.random().toString(36).slice(2, 8)}`;
    const emails = [];
    for (let i = 0; i < 3; i += 1)
      emails.push((await signedUpBrowser(server, { email: `${prefix}-${i}@example.com` })).email);
    const query = {
      searchValue: prefix,
      searchField: 'email',
      searchOperator: 'starts_with',
      limit: 2,
      sortBy: 'email',
      sortDirection: 'asc',
    } as const;
    admin.jar.requests.length = 0;
    const first = await admin.client.admin.listUsers({ query: { ...query, offset: 0 } });
    expect(admin.jar.requests[0]?.method).toBe('GET');
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(first.data!.users.map((user) => user.email)).toEqual(emails.slice(0, 2));
    expect(first.data!.users[0]!.role).toBe('user');
    expect(first.data!.users[0]!.createdAt).toBeInstanceOf(Date);
    const second = await admin.client.admin.listUsers({ query: { ...query, offset: 2 } });
    expect(second.data).toMatchObject({ total: 3, limit: 2, offset: 2 });
    expect(second.data!.users.map((user) => user.email)).toEqual(emails.slice(2));
  });

  it('a plain user is refused list-users with 403 and the catalogue message', async () => {
    const { client } = await signedUpBrowser(server);
    const result = await client.admin.listUsers({ query: { limit: 1 } });
    expect(result).toEqual({
      data: null,
      error: expect.objectContaining({
        status: 403,
        code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS',
        message: 'You are not allowed to list users',
      }),
    });
  });

  it('setRole gives a user the admin role, which then lets them list users', async () => {
    const promoted = await signedUpBrowser(server);
    const result = await admin.client.admin.setRole({ userId: promoted.user.id, role: 'admin' });
    expect(result.error).toBeNull();
    expect(result.data?.user).toMatchObject({ id: promoted.user.id, role: 'admin' });
    expect((await promoted.client.admin.listUsers({ query: { limit: 1 } })).error).toBeNull();
    const refused = await signedUpBrowser(server);
    expect((await refused.client.admin.setRole({ userId: refused.user.id, role: 'admin' })).error).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE',
    });
  });

  it("banUser ends the user's sessions and sign-in then answers 403 BANNED_USER; unbanUser lets them in again", async () => {
    const target = await signedUpBrowser(server);
    const banned = await admin.client.admin.banUser({ userId: target.user.id, banReason: 'spam' });
    expect(banned.error).toBeNull();
    expect(banned.data?.user).toMatchObject({ banned: true, banReason: 'spam', banExpires: null });
    expect((await target.client.getSession({ query: { disableCookieCache: true } })).data).toBeNull();

    const { client } = browser(server);
    const refused = await client.signIn.email({ email: target.email, password: PASSWORD });
    expect(refused).toEqual({
      data: null,
      error: expect.objectContaining({ status: 403, code: 'BANNED_USER', message: BANNED_MESSAGE }),
    });
    expect((await client.getSession()).data).toBeNull();

    const unbanned = await admin.client.admin.unbanUser({ userId: target.user.id });
    expect(unbanned.data?.user).toMatchObject({ banned: false, banReason: null, banExpires: null });
    expect((await client.signIn.email({ email: target.email, password: PASSWORD })).error).toBeNull();
  });

  it('an admin cannot ban themselves (400)', async () => {
    const result = await admin.client.admin.banUser({ userId: admin.userId });
    expect(result.error).toMatchObject({ status: 400, code: 'YOU_CANNOT_BAN_YOURSELF' });
  });

  it('impersonateUser signs the admin in as the user with impersonatedBy; stopImpersonating restores the admin', async () => {
    const target = await signedUpBrowser(server, { email: uniqueEmail('impersonated') });
    const impersonating = await admin.client.admin.impersonateUser({ userId: target.user.id });
    expect(impersonating.error).toBeNull();
    expect(impersonating.data?.user.email).toBe(target.email);
    expect(impersonating.data?.session.impersonatedBy).toBe(admin.userId);

    const during = await admin.client.getSession();
    expect(during.data?.user.email).toBe(target.email);
    expect(during.data?.session.impersonatedBy).toBe(admin.userId);
    // The user's own session list never shows the admin's visit (SPEC §6).
    const listed = await target.client.listSessions();
    expect(listed.data).toHaveLength(1);
    expect(listed.data![0]!.impersonatedBy).toBeNull();
    expect(await authInternalsForTests(server.auth).sessions.listByUser(target.user.id, new Date())).toHaveLength(2);

    const stopped = await admin.client.admin.stopImpersonating();
    expect(stopped.error).toBeNull();
    expect(stopped.data?.user.email).toBe(ADMIN_EMAIL);
    const after = await admin.client.getSession({ query: { disableCookieCache: true } });
    expect(after.data?.user.email).toBe(ADMIN_EMAIL);
    expect(after.data?.session.impersonatedBy).toBeNull();
  });

  it('stopImpersonating without impersonating answers 400 with the catalogue message', async () => {
    const { client } = await signedUpBrowser(server);
    const result = await client.admin.stopImpersonating();
    expect(result.error).toMatchObject({
      status: 400,
      code: 'YOU_ARE_NOT_IMPERSONATING_ANYONE',
      message: 'You are not impersonating anyone',
    });
  });

  it('a plain user is refused impersonation with 403', async () => {
    const { client } = await signedUpBrowser(server);
    const result = await client.admin.impersonateUser({ userId: admin.userId });
    expect(result.error).toMatchObject({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS' });
  });
});
