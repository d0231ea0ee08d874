/**
 * Apple's `response_mode=form_post`: the provider's page posts the code and state to
 * POST /callback/{id}, a cross-site POST that carries no SameSite=Lax cookie. Played with a
 * browser model that sends exactly the cookies a browser would. Over https the state cookie is
 * `__Host-…; SameSite=None; Secure` and arrives with the POST; over http (development) it is Lax,
 * and the POST answers with a 303 to the GET callback, whose top-level navigation carries it.
 * Either way the origin check lets the provider's POST in, and the state still refuses a
 * browser that did not start the flow.
 */
import { afterAll, expect, it } from 'vitest';
import type { OAuthProvider } from '../../src/oauth/provider';
import { describeEachDialect, uniqueEmail } from '../support/harness';
import { countRows } from '../support/rows';
import { Browser } from './support/browser';
import { githubIdentity, githubProvider, startGithubEmulator } from './support/github-flow';

const emulator = await startGithubEmulator();
afterAll(() => emulator.close());

const APPLE = { crossSite: 'https://appleid.apple.com' };
const HTTPS = 'https://auth.example.com';
const HTTP = 'http://localhost:3000';
// GitHub's emulator standing in for a provider that answers with a form post, as Apple does;
// it keeps the `user` field each exchange was handed (Apple's only source of the user's name).
const handedUser: (string | undefined)[] = [];
const github = githubProvider(emulator);
const formPostProvider: OAuthProvider = {
  ...github,
  id: 'formpost',
  formPostCallback: true,
  validateAuthorizationCode: (exchange) => {
    handedUser.push(exchange.user);
    return github.validateAuthorizationCode(exchange);
  },
};

async function start(browser: Browser, body: Record<string, unknown> = {}) {
  const response = await browser.request('POST', '/api/auth/sign-in/social', {
    json: { provider: 'formpost', callbackURL: '/home', errorCallbackURL: '/err', ...body },
  });
  expect(response.status).toBe(200);
  const url = response.body.url as string;
  return { url, state: new URL(url).searchParams.get('state')!, response };
}

describeEachDialect(
  'form_post callback over https',
  (h) => {
    it("sets the state cookie as __Host-latchkey.oauth_state; SameSite=None; Secure, so that the provider's POST carries it", async () => {
      const browser = new Browser(h().auth, HTTPS);
      const { response } = await start(browser);
      const header = response.headers.getSetCookie().find((c) => c.startsWith('__Host-latchkey.oauth_state='));
      expect(header).toMatch(/; Max-Age=600/);
      expect(header).toMatch(/; Path=\//);
      expect(header).toMatch(/; HttpOnly/);
      expect(header).toMatch(/; Secure/);
      expect(header).toMatch(/; SameSite=None/);
    });

    it("signs the user in from the provider's cross-site form POST: no origin refusal, the state cookie comes with it", async () => {
      const browser = new Browser(h().auth, HTTPS);
      const email = uniqueEmail('apple');
      const { url, state } = await start(browser);
      const code = emulator.issueCode(githubIdentity(email), url);
      const response = await browser.request('POST', '/api/auth/callback/formpost', {
        initiator: APPLE,
        navigation: true,
        form: { code, state },
      });
      expect(response.status).toBe(302);
      expect(response.location).toBe('/home');
      const session = await browser.request('GET', '/api/auth/get-session');
      expect(session.body.user.email).toBe(email);
    });

    it('refuses the POST of a browser that did not start the flow, though the state and code are genuine', async () => {
      const victim = new Browser(h().auth, HTTPS);
      const { url, state } = await start(victim);
      const attacker = new Browser(h().auth, HTTPS);
      await start(attacker); // a binding cookie of its own
      const users = await countRows(h(), 'user');
      const code = emulator.issueCode(githubIdentity(uniqueEmail('stolen')), url);
      const response = await attacker.request('POST', '/api/auth/callback/formpost', {
        initiator: APPLE,
        navigation: true,
        form: { code, state },
      });
      expect(response.location).toBe(`${HTTPS}/api/auth/error?error=please_restart_the_process`);
      expect(await countRows(h(), 'user')).toBe(users);
    });

    it('keeps the Origin check for every other POST: a cross-site POST carrying the None cookie is refused', async () => {
      const browser = new Browser(h().auth, HTTPS);
      await start(browser);
      const response = await browser.request('POST', '/api/auth/sign-out', {
        initiator: { crossSite: 'https://evil.example' },
        json: {},
      });
      expect([response.status, response.body.code]).toEqual([403, 'INVALID_ORIGIN']);
    });
  },
  { baseURL: HTTPS, socialProviders: [formPostProvider] },
);

describeEachDialect(
  'form_post callback over http (development)',
  (h) => {
    it('keeps the state cookie Lax (None would need Secure), and turns the cross-site POST into a same-site GET that carries it', async () => {
      const browser = new Browser(h().auth, HTTP);
      const email = uniqueEmail('dev-apple');
      const { url, state, response: started } = await start(browser);
      expect(started.headers.getSetCookie().find((c) => c.startsWith('latchkey.oauth_state='))).toMatch(/SameSite=Lax/);
      const code = emulator.issueCode(githubIdentity(email), url);

      const posted = await browser.request('POST', '/api/auth/callback/formpost', {
        initiator: APPLE,
        navigation: true,
        form: { code, state, user: '{"name":{"firstName":"Ada"}}' },
      });
      expect(posted.status).toBe(303);
      const target = new URL(posted.location!);
      expect(target.origin + target.pathname).toBe(`${HTTP}/api/auth/callback/formpost`);
      expect(Object.fromEntries(target.searchParams)).toEqual({ code, state, user: '{"name":{"firstName":"Ada"}}' });

      const landed = await browser.follow(posted, APPLE);
      expect([landed.status, landed.location]).toEqual([302, '/home']);
      expect(handedUser.at(-1)).toBe('{"name":{"firstName":"Ada"}}');
      expect((await browser.request('GET', '/api/auth/get-session')).body.user.email).toBe(email);
    });

    it('sends the redirected GET of a browser without the cookie to restart the process', async () => {
      const victim = new Browser(h().auth, HTTP);
      const { url, state } = await start(victim);
      const other = new Browser(h().auth, HTTP);
      const posted = await other.request('POST', '/api/auth/callback/formpost', {
        initiator: APPLE,
        navigation: true,
        form: { code: emulator.issueCode(githubIdentity(uniqueEmail('x')), url), state },
      });
      const landed = await other.follow(posted, APPLE);
      expect(landed.location).toBe(`${HTTP}/api/auth/error?error=please_restart_the_process`);
    });
  },
  { socialProviders: [formPostProvider] },
);

describeEachDialect(
  'state cookie without a form_post provider',
  (h) => {
    it('stays SameSite=Lax over https when no configured provider posts its callback', async () => {
      const browser = new Browser(h().auth, HTTPS);
      const response = await browser.request('POST', '/api/auth/sign-in/social', { json: { provider: 'github' } });
      expect(response.headers.getSetCookie().find((c) => c.startsWith('__Host-latchkey.oauth_state='))).toMatch(
        /SameSite=Lax/,
      );
    });
  },
  { baseURL: HTTPS, socialProviders: [githubProvider(emulator)] },
);
