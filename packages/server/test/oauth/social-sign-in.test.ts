/**
 * Social sign-in with GitHub end to end: POST /sign-in/social, the trip to the (emulated)
 * provider, GET /callback/github, and what it leaves in the database — a user, an account with
 * its scopes and encrypted tokens, a session.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/crypto/digest';
import { resolveOptions } from '../../src/auth/options';
import { describeEachDialect, uniqueEmail, type Harness } from '../support/harness';
import { countRows } from '../support/rows';
import {
  callbackPath,
  githubIdentity,
  githubProvider,
  locationOf,
  signInWith,
  startFlow,
  startGithubEmulator,
} from './support/github-flow';

const emulator = await startGithubEmulator();
afterAll(() => emulator.close());

describe('the socialProviders option', () => {
  const base = { baseURL: 'http://localhost:3000', secret: 's'.repeat(32), database: { url: ':memory:' } };

  it('refuses two providers with one id at start-up, since both would answer one callback', () => {
    expect(() =>
      resolveOptions({ ...base, socialProviders: [githubProvider(emulator), githubProvider(emulator)] }),
    ).toThrow('two social providers have the id "github"');
  });

  it('keeps the providers by id and the linking defaults of better-auth', () => {
    const options = resolveOptions({ ...base, socialProviders: [githubProvider(emulator)] });
    expect([...options.socialProviders.keys()]).toEqual(['github']);
    expect(options.accountLinking).toEqual({ enabled: true, trustedProviders: new Set(), allowDifferentEmails: false });
    expect(Object.isFrozen(options.accountLinking)).toBe(true);
  });
});

async function accountRow(h: Harness, accountId: number) {
  return h.auth.context.db
    .selectFrom('account')
    .selectAll()
    .where('providerId', '=', 'github')
    .where('accountId', '=', String(accountId))
    .executeTakeFirst();
}

describeEachDialect(
  'social sign-in',
  (h) => {
    it('answers the provider URL with a 32-character state, an S256 challenge, its callback, the scopes asked and the login hint', async () => {
      const client = h().client();
      const { response, url, state } = await startFlow(client, {
        provider: 'github',
        scopes: ['repo'],
        loginHint: 'octo@example.com',
        callbackURL: '/home',
      });
      expect(response.body).toEqual({ url, redirect: true });
      const params = new URL(url).searchParams;
      expect(url.startsWith(`${emulator.url}/login/oauth/authorize?`)).toBe(true);
      expect(state).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(Object.fromEntries(params)).toMatchObject({
        response_type: 'code',
        client_id: 'gh-client-id',
        redirect_uri: 'http://localhost:3000/api/auth/callback/github',
        scope: 'read:user user:email repo',
        code_challenge_method: 'S256',
        login_hint: 'octo@example.com',
      });
      expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(url).not.toContain('gh-client-secret');
    });

    it('keeps the state as a digest and its record encrypted, for 10 minutes, and binds it to the browser with an HttpOnly cookie', async () => {
      const client = h().client();
      const { state, response } = await startFlow(client, { provider: 'github', callbackURL: '/after' });
      const row = await h()
        .auth.context.db.selectFrom('verification')
        .selectAll()
        .where('identifier', '=', `oauth-state:${sha256Hex(state)}`)
        .executeTakeFirstOrThrow();
      expect(new Date(row.expiresAt).getTime() - h().clock.now().getTime()).toBe(600_000);
      expect(row.value).toMatch(/^v1:/);
      expect(row.value).not.toContain('/after');
      const cookie = response.setCookies.get('latchkey.oauth_state');
      expect(cookie?.value).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(cookie?.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/', 'max-age': '600' });
      // The same browser keeps one binding for all its flows: a second tab's flow does not undo the first's.
      const second = await startFlow(client, { provider: 'github' });
      expect(second.response.setCookies.get('latchkey.oauth_state')?.value).toBe(cookie?.value);
    });

    it('answers redirect false when disableRedirect is set', async () => {
      const { response } = await startFlow(h().client(), { provider: 'github', disableRedirect: true });
      expect(response.body.redirect).toBe(false);
      expect(response.body.url).toContain('/login/oauth/authorize');
    });

    it('answers 404 Provider not found for a provider that is not configured, and stores no state', async () => {
      const before = await countRows(h(), 'verification');
      for (const provider of ['google', 'nope']) {
        const response = await h().client().post('/sign-in/social', { provider });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ code: 'PROVIDER_NOT_FOUND', message: 'Provider not found' });
      }
      expect(await countRows(h(), 'verification')).toBe(before);
    });

    it('refuses redirect targets outside the trusted origins with 403 naming the field', async () => {
      const cases = [
        ['callbackURL', 'INVALID_CALLBACKURL'],
        ['newUserCallbackURL', 'INVALID_NEWUSERCALLBACKURL'],
        ['errorCallbackURL', 'INVALID_ERRORCALLBACKURL'],
      ] as const;
      for (const [field, code] of cases) {
        const response = await h()
          .client()
          .post('/sign-in/social', { provider: 'github', [field]: 'https://evil.example/x' });
        expect(response.status, field).toBe(403);
        expect(response.body.code).toBe(code);
      }
    });

    it('refuses a start from an untrusted page, as every sign-in route does', async () => {
      const response = await h()
        .client()
        .post('/sign-in/social', { provider: 'github' }, { origin: 'https://evil.example' });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('INVALID_ORIGIN');
    });

    it('creates a verified user with its GitHub account and a session, and sends a new user to newUserCallbackURL', async () => {
      const email = uniqueEmail('octo');
      const identity = githubIdentity(email, { name: 'Mona Lisa' });
      const client = h().client();
      const response = await signInWith(emulator, client, identity, {
        callbackURL: '/dashboard',
        newUserCallbackURL: '/welcome',
      });

      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/welcome');
      const session = await client.get('/get-session');
      expect(session.body.user).toMatchObject({
        email,
        emailVerified: true,
        name: 'Mona Lisa',
        image: identity.avatar_url,
      });
      const account = await accountRow(h(), identity.id);
      expect(account).toMatchObject({ userId: session.body.user.id, scope: 'read:user,user:email', password: null });
      // The verifier the callback sent matched the challenge of the URL (the emulator checks it).
      expect(emulator.to('/login/oauth/access_token').at(-1)!.form.get('code_verifier')).toMatch(/^[A-Za-z0-9]{128}$/);
    });

    it('a new user keeps the language the start named, not the one the provider’s redirect carries', async () => {
      const identity = githubIdentity(uniqueEmail('octo-fr'));
      const client = h().client();
      const start = await client.post(
        '/sign-in/social',
        { provider: 'github' },
        { headers: { 'accept-language': 'fr' } },
      );
      expect(start.status).toBe(200);
      const url = start.body.url as string;
      const code = emulator.issueCode(identity, url);
      const state = new URL(url).searchParams.get('state') ?? '';
      const callback = await client.get(callbackPath({ code, state }), { headers: { 'accept-language': 'de' } });
      expect(callback.status).toBe(302);
      const session = await client.get('/get-session');
      expect(session.body.user.language).toBe('fr');
    });

    it('stores the provider tokens encrypted: the rows hold no token in clear, and they decrypt to what GitHub issued', async () => {
      const identity = githubIdentity(uniqueEmail('enc'));
      await signInWith(emulator, h().client(), identity);
      const account = (await accountRow(h(), identity.id))!;
      const issued = emulator.accessTokenOf(identity)!;
      expect(account.accessToken).toMatch(/^v1:/);
      expect(account.refreshToken).toMatch(/^v1:/);
      expect(JSON.stringify(account)).not.toContain(issued);
      expect(JSON.stringify(account)).not.toContain('ghr_');
      const [stored] = await h().auth.context.providerAccounts.listForUser(account.userId, 'github');
      expect(stored?.accessToken).toBe(issued);
      expect(stored?.refreshToken).toMatch(/^ghr_/);
      expect(stored?.accessTokenExpiresAt?.getTime()).toBeGreaterThan(Date.now());
    });

    it('signs an identity it knows in again: same user, no new row, fresh tokens, and callbackURL rather than newUserCallbackURL', async () => {
      const identity = githubIdentity(uniqueEmail('again'));
      await signInWith(emulator, h().client(), identity);
      const first = (await accountRow(h(), identity.id))!;
      const users = await countRows(h(), 'user');

      const client = h().client();
      const response = await signInWith(emulator, client, identity, {
        callbackURL: '/dashboard',
        newUserCallbackURL: '/welcome',
      });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/dashboard');
      expect(await countRows(h(), 'user')).toBe(users);
      const second = (await accountRow(h(), identity.id))!;
      expect(second.id).toBe(first.id);
      expect(second.accessToken).not.toBe(first.accessToken);
      expect((await client.get('/get-session')).body.user.id).toBe(first.userId);
    });

    it('ends at the base URL when the start named no callbackURL (SPEC §5)', async () => {
      const response = await signInWith(emulator, h().client(), githubIdentity(uniqueEmail('base')));
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('http://localhost:3000');
    });

    it('lists the GitHub account with its scopes beside nothing else for a social-only user', async () => {
      const identity = githubIdentity(uniqueEmail('list'));
      const client = h().client();
      await signInWith(emulator, client, identity);
      const response = await client.get('/list-accounts');
      expect(response.status).toBe(200);
      expect(response.body).toEqual([
        expect.objectContaining({
          provider: 'github',
          accountId: String(identity.id),
          scopes: ['read:user', 'user:email'],
        }),
      ]);
      expect(response.text).not.toContain('v1:');
    });

    it('answers a callback whose state the start never issued with the error page, leaving the database as it was', async () => {
      const users = await countRows(h(), 'user');
      const response = await h()
        .client()
        .get(callbackPath({ code: 'x', state: 'A'.repeat(32) }));
      expect(response.status).toBe(302);
      expect(locationOf(response).url.pathname).toBe('/api/auth/error');
      expect(locationOf(response).query).toEqual({ error: 'please_restart_the_process' });
      expect(await countRows(h(), 'user')).toBe(users);
    });
  },
  { socialProviders: [githubProvider(emulator)] },
);
