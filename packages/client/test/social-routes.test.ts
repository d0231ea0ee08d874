/**
 * Social sign-in through the typed client against a real server whose generic OpenID Connect
 * provider is a real OpenID Provider (oidc-provider on loopback): signIn.social answers the
 * provider's URL (followed only in a browser) and the provider's answer makes a session; with an
 * id_token it signs in at once and the session store refreshes itself (SPEC §4); linkSocial links
 * the identity; refreshToken and getAccessToken answer the provider's tokens.
 */
import { oidc } from '@latchkey/server';
import { afterAll, describe, expect, it } from 'vitest';
import { startOpenIDProvider, type TestOpenIDProvider } from '../../server/test/support/oidc-provider';
import { createAuthStores } from '../src/stores';
import { browser, signedUpBrowser, uniqueEmail, type Browser, useTestServer } from './support';

const CLIENT_ID = 'latchkey-client-tests';
let op: TestOpenIDProvider;
const server = useTestServer({
  async socialProviders(baseURL) {
    op = await startOpenIDProvider({
      clients: [
        { client_id: CLIENT_ID, client_secret: 'op-secret', redirect_uris: [`${baseURL}/api/auth/callback/corp`] },
      ],
    });
    return [oidc({ id: 'corp', name: 'Corp SSO', issuer: op.issuer, clientId: CLIENT_ID, clientSecret: 'op-secret' })];
  },
});
afterAll(() => op?.close());

let subject = 0;
/** An account at the OP with a verified address. */
function opAccount(email = uniqueEmail('op')) {
  subject += 1;
  const account = { sub: `op-user-${subject}`, email, email_verified: true, name: `OP User ${subject}` };
  op.setAccount(account);
  return account;
}

/** The provider's answer, brought back to the server's callback by the browser that started. */
async function finishAtProvider(session: Browser, url: string, sub: string): Promise<Response> {
  const answer = await op.authorize(url, { account: sub });
  return session.jar.fetch(answer.url, { redirect: 'manual' });
}

describe('signIn.social', () => {
  it("answers the provider's authorization URL with redirect true; the provider's answer makes a session", async () => {
    const account = opAccount();
    const session = browser(server);
    const started = await session.client.signIn.social({ provider: 'corp', callbackURL: '/dashboard' });
    expect(started.error).toBeNull();
    expect(started.data).toEqual({ url: expect.stringMatching(new RegExp(`^${op.issuer}/auth\\?`)), redirect: true });

    const callback = await finishAtProvider(session, started.data!.url!, account.sub);
    expect(callback.status).toBe(302);
    expect(new URL(callback.headers.get('location')!, server.baseURL).pathname).toBe('/dashboard');
    const { data } = await session.client.getSession({ query: { disableCookieCache: true } });
    // A generic OpenID Provider is not trusted to vouch for addresses: its users verify by mail.
    expect(data?.user).toMatchObject({ email: account.email, name: account.name, emailVerified: false });
  });

  it('with disableRedirect answers the URL with redirect false', async () => {
    const started = await browser(server).client.signIn.social({
      provider: 'corp',
      callbackURL: '/dashboard',
      disableRedirect: true,
    });
    expect(started.data).toMatchObject({ redirect: false, url: expect.stringContaining(`${op.issuer}/auth?`) });
  });

  it('a provider the server does not have answers 404 Provider not found', async () => {
    const started = await browser(server).client.signIn.social({ provider: 'github', callbackURL: '/dashboard' });
    expect(started).toEqual({
      data: null,
      error: expect.objectContaining({ status: 404, code: 'PROVIDER_NOT_FOUND', message: 'Provider not found' }),
    });
  });

  it('with an id_token signs in at once, and the session store refreshes to the new user', async () => {
    const account = opAccount();
    const session = browser(server);
    const stores = createAuthStores(session.client, { focusTarget: new EventTarget() });
    const seen: (string | null)[] = [];
    stores.session.subscribe(() => seen.push(stores.session.getSnapshot().data?.user.email ?? null));
    await expect.poll(() => stores.session.getSnapshot().isPending).toBe(false);
    expect(stores.session.getSnapshot().data).toBeNull();

    const token = await op.signIdToken({
      sub: account.sub,
      aud: CLIENT_ID,
      email: account.email,
      email_verified: true,
      name: account.name,
    });
    const signedIn = await session.client.signIn.social({ provider: 'corp', idToken: { token } });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data).toMatchObject({ redirect: false, token: expect.any(String), user: { email: account.email } });
    await expect.poll(() => stores.session.getSnapshot().data?.user.email, { timeout: 2000 }).toBe(account.email);
    expect(seen.at(-1)).toBe(account.email);
    stores.dispose();
  });

  it('an id_token for another audience answers 401 invalid token and signs nobody in', async () => {
    const account = opAccount();
    const session = browser(server);
    const token = await op.signIdToken({
      sub: account.sub,
      aud: 'someone-else',
      email: account.email,
      email_verified: true,
    });
    const result = await session.client.signIn.social({ provider: 'corp', idToken: { token } });
    expect(result.error).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await session.client.getSession()).data).toBeNull();
  });
});

describe('linkSocial, refreshToken and getAccessToken', () => {
  it('links the OP identity to the signed-in user, whose tokens can then be refreshed and read', async () => {
    const { client, jar, email } = await signedUpBrowser(server);
    const account = opAccount(email);
    const started = await client.linkSocial({ provider: 'corp', callbackURL: '/account/linked' });
    expect(started.data).toEqual({ url: expect.stringContaining(`${op.issuer}/auth?`), redirect: true });
    const callback = await finishAtProvider({ client, jar }, started.data!.url, account.sub);
    expect(new URL(callback.headers.get('location')!, server.baseURL).pathname).toBe('/account/linked');
    const accounts = await client.listAccounts();
    expect(accounts.data?.map((a) => [a.providerId, a.accountId])).toEqual([
      ['credential', expect.any(String)],
      ['corp', account.sub],
    ]);

    const current = await client.getAccessToken({ providerId: 'corp' });
    expect(current.error).toBeNull();
    expect(current.data).toMatchObject({
      accessToken: expect.any(String),
      scopes: expect.arrayContaining(['openid', 'email']),
    });
    expect(current.data!.accessTokenExpiresAt).toBeInstanceOf(Date);

    const refreshed = await client.refreshToken({ providerId: 'corp' });
    expect(refreshed.error).toBeNull();
    expect(refreshed.data).toMatchObject({ providerId: 'corp', accessToken: expect.any(String) });
    expect(refreshed.data!.accessToken).not.toBe(current.data!.accessToken);
    expect((await client.getAccessToken({ providerId: 'corp' })).data?.accessToken).toBe(refreshed.data!.accessToken);
  });

  it('refreshToken for a provider the user has not linked answers 400 Account not found; without a session 401', async () => {
    const { client } = await signedUpBrowser(server);
    expect((await client.refreshToken({ providerId: 'corp' })).error).toMatchObject({
      status: 400,
      code: 'ACCOUNT_NOT_FOUND',
      message: 'Account not found',
    });
    expect((await browser(server).client.getAccessToken({ providerId: 'corp' })).error).toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
  });
});
