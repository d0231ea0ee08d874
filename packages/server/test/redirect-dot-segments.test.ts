/**
 * Redirect targets that look like paths but resolve off the site (issue #29 item 1): dot segments
 * (`/.//evil.test`, `/..//evil.test`, `/%2e//evil.test`, `/a/..//evil.test`), their percent-encoded,
 * backslash and tab- or newline-injected variants. Every route that takes a redirect target refuses
 * each of them with 403 and the entry its field is marked with, changing nothing and mailing
 * nothing; and the Location of a mailed link never leaves the site. (The username plugin's
 * sign-in is tested with its plugin, in test/username.)
 */
import { expect, it } from 'vitest';
import { expectError } from '../../../test/expect-error';
import { ERRORS } from '../src';
import type { ErrorEntry } from '../src/endpoint/errors';
import {
  API,
  BASE_URL,
  describeEachDialect,
  uniqueEmail,
  type Harness,
  type RequestOptions,
  type TestClient,
  type TestResponse,
} from './support/harness';
import { OFF_SITE_TARGETS } from './support/off-site-targets';
import { countRows, expectNothingChanged } from './support/rows';

const PASSWORD = 'correct horse battery';
const LINK_PREFIX = BASE_URL + API;

interface RedirectRoute {
  name: string;
  entry: ErrorEntry;
  /** Sent by a signed-in browser (the check comes before the session guard, but that is not what is tested). */
  signedIn?: boolean;
  send(client: TestClient, target: string, options: RequestOptions): Promise<TestResponse>;
}

const q = encodeURIComponent;
const TOKEN = 't'.repeat(32);

/** Every route whose schema marks a redirect target, with a request valid in all but the target. */
const ROUTES: RedirectRoute[] = [
  {
    name: 'POST /sign-in/email callbackURL',
    entry: ERRORS.invalidCallbackURL,
    send: (c, callbackURL, o) =>
      c.post('/sign-in/email', { email: 'known@example.com', password: PASSWORD, callbackURL }, o),
  },
  {
    name: 'POST /sign-up/email callbackURL',
    entry: ERRORS.invalidCallbackURL,
    send: (c, callbackURL, o) =>
      c.post('/sign-up/email', { email: uniqueEmail('dot'), password: PASSWORD, name: 'Dot', callbackURL }, o),
  },
  {
    name: 'POST /sign-in/social callbackURL',
    entry: ERRORS.invalidCallbackURL,
    send: (c, callbackURL, o) => c.post('/sign-in/social', { provider: 'github', callbackURL }, o),
  },
  {
    name: 'POST /sign-in/social errorCallbackURL',
    entry: ERRORS.invalidErrorCallbackURL,
    send: (c, errorCallbackURL, o) => c.post('/sign-in/social', { provider: 'github', errorCallbackURL }, o),
  },
  {
    name: 'POST /sign-in/social newUserCallbackURL',
    entry: ERRORS.invalidNewUserCallbackURL,
    send: (c, newUserCallbackURL, o) => c.post('/sign-in/social', { provider: 'github', newUserCallbackURL }, o),
  },
  {
    name: 'POST /link-social callbackURL',
    entry: ERRORS.invalidCallbackURL,
    signedIn: true,
    send: (c, callbackURL, o) => c.post('/link-social', { provider: 'github', callbackURL }, o),
  },
  {
    name: 'POST /link-social errorCallbackURL',
    entry: ERRORS.invalidErrorCallbackURL,
    signedIn: true,
    send: (c, errorCallbackURL, o) => c.post('/link-social', { provider: 'github', errorCallbackURL }, o),
  },
  {
    name: 'POST /send-verification-email callbackURL',
    entry: ERRORS.invalidCallbackURL,
    send: (c, callbackURL, o) => c.post('/send-verification-email', { email: 'known@example.com', callbackURL }, o),
  },
  {
    name: 'POST /forget-password redirectTo',
    entry: ERRORS.invalidRedirectURL,
    send: (c, redirectTo, o) => c.post('/forget-password', { email: 'known@example.com', redirectTo }, o),
  },
  {
    name: 'POST /request-password-reset redirectTo',
    entry: ERRORS.invalidRedirectURL,
    send: (c, redirectTo, o) => c.post('/request-password-reset', { email: 'known@example.com', redirectTo }, o),
  },
  {
    name: 'POST /change-email callbackURL',
    entry: ERRORS.invalidCallbackURL,
    signedIn: true,
    send: (c, callbackURL, o) => c.post('/change-email', { newEmail: uniqueEmail('new'), callbackURL }, o),
  },
  {
    name: 'POST /delete-user callbackURL',
    entry: ERRORS.invalidCallbackURL,
    signedIn: true,
    send: (c, callbackURL, o) => c.post('/delete-user', { callbackURL }, o),
  },
  {
    name: 'GET /reset-password/:token callbackURL',
    entry: ERRORS.invalidCallbackURL,
    send: (c, callbackURL, o) => c.get(`/reset-password/${TOKEN}?callbackURL=${q(callbackURL)}`, o),
  },
  {
    name: 'GET /verify-email callbackURL',
    entry: ERRORS.invalidCallbackURL,
    send: (c, callbackURL, o) => c.get(`/verify-email?token=${TOKEN}&callbackURL=${q(callbackURL)}`, o),
  },
  {
    name: 'GET /delete-user/callback callbackURL',
    entry: ERRORS.invalidCallbackURL,
    signedIn: true,
    send: (c, callbackURL, o) => c.get(`/delete-user/callback?token=${TOKEN}&callbackURL=${q(callbackURL)}`, o),
  },
];

let addresses = 0;
/** A client address of its own for each request: the strict rate limits (3 per 10 s) are not what is tested. */
function freshAddress(): RequestOptions {
  addresses += 1;
  return { clientIp: `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}` };
}

/** The reset link mailed for `redirectTo`, as a path under the API. */
async function mailedResetLink(h: Harness, email: string, redirectTo: string): Promise<string> {
  const response = await h.client().post('/forget-password', { email, redirectTo }, freshAddress());
  expect(response.status).toBe(200);
  const [link] = (await h.mail.waitFor(email)).links;
  expect(link?.startsWith(`${LINK_PREFIX}/reset-password/`)).toBe(true);
  return link!.slice(LINK_PREFIX.length);
}

describeEachDialect('redirect targets that resolve off the site', (h) => {
  it.each(ROUTES)(
    '$name refuses every dot-segment, encoded, backslash and whitespace form with 403 and changes nothing',
    async (route) => {
      const client = route.signedIn ? (await h().signUp()).client : h().client();
      for (const target of OFF_SITE_TARGETS) {
        const verifications = await countRows(h(), 'verification');
        const mails = h().mail.mails.length;
        await expectNothingChanged(h(), async () => {
          const answer = await route.send(client, target, freshAddress());
          expect(answer.headers.get('location'), JSON.stringify(target)).toBeNull();
          await expectError(answer, route.entry);
        });
        // No link was issued or mailed that could carry a token to the foreign host.
        expect(await countRows(h(), 'verification'), JSON.stringify(target)).toBe(verifications);
        expect(h().mail.mails.length, JSON.stringify(target)).toBe(mails);
      }
    },
  );

  it('never sends the token of a genuine reset mail off the site: the 302 of the link stays on BASE_URL', async () => {
    const email = uniqueEmail('reset-dot');
    await h().signUp(email, PASSWORD);
    // The forms the issue found are refused before any mail is sent…
    for (const redirectTo of OFF_SITE_TARGETS) {
      const refused = await h().client().post('/forget-password', { email, redirectTo }, freshAddress());
      await expectError(refused, ERRORS.invalidRedirectURL);
    }
    expect(h().mail.to(email)).toHaveLength(0);
    // …and a dot segment that stays on the site lands where the browser would resolve it.
    const path = await mailedResetLink(h(), email, '/a/../reset?lang=en');
    const landing = await h().client().get(path);
    expect(landing.status).toBe(302);
    const location = landing.headers.get('location')!;
    expect(location).toMatch(/^\/reset\?lang=en&token=[A-Za-z0-9_-]+$/);
    expect(new URL(location, BASE_URL).origin).toBe(BASE_URL);
    // The mailed link with its callbackURL swapped for an off-site form is refused too.
    const token = path.split('?')[0]!.split('/').pop()!;
    for (const callbackURL of OFF_SITE_TARGETS) {
      const swapped = await h()
        .client()
        .get(`/reset-password/${token}?callbackURL=${q(callbackURL)}`);
      await expectError(swapped, ERRORS.invalidCallbackURL);
      expect(swapped.headers.get('location')).toBeNull();
    }
  });

  it('lands a verification link with a dot-segment callbackURL on the path the browser resolves', async () => {
    const email = uniqueEmail('verify-dot');
    await h().signUp(email, PASSWORD);
    const sent = await h()
      .client()
      .post('/send-verification-email', { email, callbackURL: '/x/./../welcome' }, freshAddress());
    expect(sent.status).toBe(200);
    const [link] = (await h().mail.waitFor(email)).links;
    const landing = await h().client().get(link!.slice(LINK_PREFIX.length));
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toBe('/welcome');
    const user = await h().auth.context.users.findByEmail(email);
    expect(user?.emailVerified).toBe(true);
  });
});
