import { describe, expect, expectTypeOf, it } from 'vitest';
import { createAuthClient, type ClientError } from '../src';
import { cookieFetch, PASSWORD, signedUpBrowser, uniqueEmail, useTestServer } from './support';

const server = useTestServer();

function browserClient() {
  const jar = cookieFetch(server.baseURL);
  const client = createAuthClient({ baseURL: server.baseURL, fetchOptions: { fetch: jar.fetch } });
  return { client, jar };
}

async function signedUp() {
  const { client, jar } = browserClient();
  const email = uniqueEmail();
  const result = await client.signUp.email({ email, password: PASSWORD, name: 'Client User' });
  expect(result.error).toBeNull();
  return { client, jar, email };
}

describe('createAuthClient against a running Latchkey server', () => {
  it('sign-up then getSession returns the user with its dates as Date objects', async () => {
    const { client, email } = await signedUp();
    const { data, error } = await client.getSession({ query: { disableCookieCache: true } });
    expect(error).toBeNull();
    expect(data?.user.email).toBe(email);
    expect(data?.user.createdAt).toBeInstanceOf(Date);
    expect(data?.session.expiresAt).toBeInstanceOf(Date);
    expect(data!.session.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('types each call from the engine endpoint definitions', async () => {
    const { client } = browserClient();
    expectTypeOf(client.signIn.email).parameter(0).toHaveProperty('email').toEqualTypeOf<string>();
    expectTypeOf(client.getSession).parameter(0).exclude<undefined>().toHaveProperty('query');
    const result = await client.signIn.email({ email: uniqueEmail(), password: PASSWORD });
    if (result.error) expectTypeOf(result.error).toEqualTypeOf<ClientError>();
    else expectTypeOf(result.data).toHaveProperty('token');
    // @ts-expect-error: sign-in requires a password
    void client.signIn.email({ email: 'a@example.com' }).catch(() => {});
    // @ts-expect-error: no such route among the core endpoints
    void client.signIn.nowhere;
  });

  it('a wrong password resolves to { data: null, error: 401 INVALID_EMAIL_OR_PASSWORD } without throwing', async () => {
    const { email } = await signedUp();
    const { client } = browserClient();
    const result = await client.signIn.email({ email, password: 'not the password' });
    expect(result).toEqual({
      data: null,
      error: expect.objectContaining({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: expect.any(String) }),
    });
  });

  it('POSTs calls with a body and GETs calls with only a query, to dashed paths', async () => {
    const { client, jar } = await signedUp();
    jar.requests.length = 0;
    await client.getSession({ query: { disableCookieCache: true } });
    await client.listSessions();
    await client.updateUser({ name: 'Renamed' });
    expect(jar.requests).toEqual([
      { method: 'GET', url: `${server.baseURL}/api/auth/get-session?disableCookieCache=true` },
      { method: 'GET', url: `${server.baseURL}/api/auth/list-sessions` },
      { method: 'POST', url: `${server.baseURL}/api/auth/update-user` },
    ]);
    const { data } = await client.getSession();
    expect(data?.user.name).toBe('Renamed');
  });

  it('revokeOtherSessions() POSTs /revoke-other-sessions without a body and ends the other sessions', async () => {
    const { client, jar, email } = await signedUp();
    const other = browserClient();
    expect((await other.client.signIn.email({ email, password: PASSWORD })).error).toBeNull();
    jar.requests.length = 0;
    const result = await client.revokeOtherSessions();
    expect(result).toEqual({ data: { status: true }, error: null });
    expect(jar.requests).toEqual([{ method: 'POST', url: `${server.baseURL}/api/auth/revoke-other-sessions` }]);
    expect((await other.client.getSession({ query: { disableCookieCache: true } })).data).toBeNull();
    expect((await client.getSession()).data?.user.email).toBe(email);
  });

  it('plugin routes: organization.create POSTs, organization.getFullOrganization GETs its dashed path', async () => {
    const { client, jar } = await signedUpBrowser(server);
    const created = await client.organization.create({ name: 'Acme', slug: `acme-${Date.now()}` });
    expect(created.error).toBeNull();
    const organizationId = created.data!.id;
    jar.requests.length = 0;
    const full = await client.organization.getFullOrganization({ query: { organizationId } });
    expect(jar.requests).toEqual([
      {
        method: 'GET',
        url: `${server.baseURL}/api/auth/organization/get-full-organization?organizationId=${organizationId}`,
      },
    ]);
    expect(full.error).toBeNull();
    expect(full.data).toMatchObject({ id: organizationId, name: 'Acme' });
    expect(full.data!.createdAt).toBeInstanceOf(Date);
    expect(full.data!.members[0]!.user.email).toContain('@example.com');
  });

  it('signOut() POSTs and leaves no session', async () => {
    const { client } = await signedUp();
    expect((await client.signOut()).error).toBeNull();
    expect((await client.getSession()).data).toBeNull();
  });

  it('an unknown route answers an error result with the 404 status', async () => {
    const { client } = browserClient();
    const result = await client.$fetch('/no-such-route');
    expect(result.data).toBeNull();
    expect(result.error?.status).toBe(404);
  });

  it('a server that cannot be reached resolves to NETWORK_ERROR instead of throwing', async () => {
    const client = createAuthClient({ baseURL: 'http://127.0.0.1:1' });
    const result = await client.getSession();
    expect(result).toEqual({
      data: null,
      error: expect.objectContaining({
        status: 0,
        code: 'NETWORK_ERROR',
        message: expect.stringContaining('Could not reach'),
      }),
    });
  });

  it('retries network failures with a linear delay and then succeeds', async () => {
    const jar = cookieFetch(server.baseURL);
    let calls = 0;
    const flaky = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls += 1;
      if (calls <= 2) throw new TypeError('fetch failed');
      return jar.fetch(input, init);
    }) as typeof fetch;
    const client = createAuthClient({
      baseURL: server.baseURL,
      fetchOptions: { fetch: flaky, retry: 2, retryDelay: 20 },
    });
    const started = Date.now();
    const result = await client.getSession();
    expect(result).toEqual({ data: null, error: null });
    expect(calls).toBe(3);
    // 20 ms after the first failure, 40 ms after the second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });

  it('gives up after the allowed retries with the network error', async () => {
    let calls = 0;
    const down = (async () => {
      calls += 1;
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const client = createAuthClient({
      baseURL: server.baseURL,
      fetchOptions: { fetch: down, retry: 1, retryDelay: 1 },
    });
    expect((await client.getSession()).error?.code).toBe('NETWORK_ERROR');
    expect(calls).toBe(2);
  });

  it('$onSuccess hears the path and method of each successful call, not of failed ones', async () => {
    const { client } = browserClient();
    const heard: [string, string][] = [];
    const stop = client.$onSuccess((path, method) => heard.push([path, method]));
    await client.signUp.email({ email: uniqueEmail(), password: PASSWORD, name: 'Listener' });
    await client.getSession();
    await client.signIn.email({ email: uniqueEmail(), password: 'wrong password here' });
    stop();
    await client.getSession();
    expect(heard).toEqual([
      ['/sign-up/email', 'POST'],
      ['/get-session', 'GET'],
    ]);
  });
});
