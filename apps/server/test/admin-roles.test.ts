/**
 * ADMIN_ROLES through the standalone server's plugins: a declared role can be given with set-role
 * and grants exactly what it declares; a role declared nowhere is still refused.
 */
import { authInternalsForTests } from '@latchkey/server/testing';
import { createAuth, type Auth } from '@latchkey/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserCookies } from '../../../test/browser-cookies';
import { loadConfig } from '../src/config';
import { serverPlugins } from '../src/plugins';

const BASE_URL = 'http://localhost:3000';
const PASSWORD = 'correct horse battery';

let auth: Auth;

/** A signed-in browser against `auth.handler`: keeps its cookies, sends the trusted Origin. */
async function signedUp(email: string) {
  const cookies = new BrowserCookies(`${BASE_URL}/`);
  const call = async (method: string, path: string, body?: unknown) => {
    const url = `${BASE_URL}/api/auth${path}`;
    const headers: Record<string, string> = { origin: BASE_URL, cookie: cookies.header(url) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await auth.handler(
      new Request(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      {
        clientIp: '127.0.0.1',
      },
    );
    cookies.keep(response, url);
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const signUp = await call('POST', '/sign-up/email', { email, password: PASSWORD, name: email });
  expect(signUp.status).toBe(200);
  return {
    id: signUp.body.user.id as string,
    call,
    signInAgain: () => call('POST', '/sign-in/email', { email, password: PASSWORD }),
  };
}

/** A user made admin in the database, signed in again so that the session carries the role. */
async function signedUpAdmin(email: string) {
  const admin = await signedUp(email);
  await authInternalsForTests(auth)
    .db.updateTable('user')
    .set({ role: 'admin' } as never)
    .where('id', '=', admin.id)
    .execute();
  await admin.signInAgain();
  return admin;
}

/** The role the user's row holds. */
async function storedRole(userId: string): Promise<unknown> {
  const row = await authInternalsForTests(auth)
    .db.selectFrom('user')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirst();
  return (row as Record<string, unknown> | undefined)?.role;
}

beforeAll(async () => {
  const config = loadConfig(
    { DATABASE_URL: 'sqlite::memory:', ADMIN_ROLES: '{"support":{"user":["list","get"],"session":["list"]}}' },
    '/tmp',
  );
  auth = createAuth({
    baseURL: BASE_URL,
    secret: 'admin-roles-test-secret-0123456789abcdef',
    database: { url: config.databaseUrl },
    plugins: serverPlugins(config),
  });
  await auth.migrate();
});

afterAll(() => auth?.close());

describe('ADMIN_ROLES in the standalone server', () => {
  it('set-role gives a declared role, which grants its permissions and nothing more', async () => {
    const admin = await signedUpAdmin('boss@example.com');
    const agent = await signedUp('agent@example.com');

    const given = await admin.call('POST', '/admin/set-role', { userId: agent.id, role: 'support' });
    expect(given.status).toBe(200);
    expect(given.body.user.role).toBe('support');
    expect(await storedRole(agent.id)).toBe('support');

    expect((await agent.call('GET', '/admin/list-users?limit=5')).status).toBe(200);
    expect((await agent.call('POST', '/admin/list-user-sessions', { userId: admin.id })).status).toBe(200);
    const ban = await agent.call('POST', '/admin/ban-user', { userId: admin.id });
    expect(ban).toMatchObject({ status: 403, body: { code: 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS' } });
  });

  it('set-role still refuses a role nobody declared', async () => {
    const admin = await signedUpAdmin('chief@example.com');
    const other = await signedUp('other@example.com');
    const refused = await admin.call('POST', '/admin/set-role', { userId: other.id, role: 'auditor' });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        code: 'YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE',
        message: 'You are not allowed to set a non-existent role value',
      },
    });
    expect(await storedRole(other.id)).toBe('user');
  });
});
