/**
 * Password reset end to end: POST /forget-password and /request-password-reset mail a link through
 * the SMTP sink, GET /reset-password/:token hands the token to the application's page, and POST
 * /reset-password uses it up once — with what each step leaves in the database.
 */
import { expect, it } from 'vitest';
import { ERRORS } from '../src';
import { sha256Hex } from '../src/crypto/digest';
import { API, BASE_URL, describeEachDialect, uniqueEmail, type Harness, type TestClient } from './support/harness';
import { countRows, credentialAccounts, expectPasswordSet, sessionCount } from './support/rows';

const OLD_PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'new staple of battery horses';
const LINK_PREFIX = BASE_URL + API;
const HOUR = 3600;
/** better-auth 1.7's answer, for known and unknown addresses alike. */
const RESET_REQUESTED = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
};

/** Asks for a reset, reads the mail (the `skip`th to that address) and returns its link's path and token. */
async function mailedResetLink(
  h: Harness,
  email: string,
  { path = '/forget-password', redirectTo = '/reset', skip = 0 } = {},
) {
  const response = await h.client().post(path, { email, redirectTo });
  expect(response.status).toBe(200);
  expect(response.body).toEqual(RESET_REQUESTED);
  const mail = await h.mail.waitFor(email, { skip });
  const [link] = mail.links;
  expect(link?.startsWith(`${LINK_PREFIX}/reset-password/`)).toBe(true);
  const relative = link!.slice(LINK_PREFIX.length);
  const token = new URL(link!).pathname.split('/').pop()!;
  return { mail, link: link!, relative, token };
}

function signIn(h: Harness, email: string, password: string) {
  return h.client().post('/sign-in/email', { email, password });
}

async function resetRows(h: Harness, userId: string) {
  return h.auth.context.db
    .selectFrom('verification')
    .selectAll()
    .where('identifier', 'like', 'reset-password:%')
    .where('value', '=', userId)
    .execute();
}

/** A user signed in from two browsers. */
async function userWithTwoSessions(h: Harness) {
  const email = uniqueEmail('reset');
  const { client, user } = await h.signUp(email, OLD_PASSWORD);
  const other = h.client();
  expect((await other.post('/sign-in/email', { email, password: OLD_PASSWORD })).status).toBe(200);
  return { email, user, clients: [client, other] as TestClient[] };
}

describeEachDialect('Password reset by mail', (h) => {
  it('forget-password mails a link whose redirect carries the token, and resetting with it replaces the password', async () => {
    const email = uniqueEmail('reset');
    await h().signUp(email, OLD_PASSWORD, 'Rosalind');
    const { mail, relative, token, link } = await mailedResetLink(h(), email, { redirectTo: '/account/reset?lang=en' });

    expect(mail.subject).toBe('Reset your password');
    expect(mail.to).toEqual([email]);
    expect(mail.text).toContain('Hello Rosalind,');
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
    expect(token).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(new URL(link).searchParams.get('callbackURL')).toBe('/account/reset?lang=en');

    const browser = h().client();
    const landing = await browser.get(relative);
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toBe(`/account/reset?lang=en&token=${token}`);

    const reset = await browser.post('/reset-password', { newPassword: NEW_PASSWORD, token });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ status: true });

    expect((await signIn(h(), email, OLD_PASSWORD)).status).toBe(401);
    expect((await signIn(h(), email, NEW_PASSWORD)).status).toBe(200);
  });

  it('request-password-reset (the better-auth 1.7 name) runs the same flow, with an absolute callback URL', async () => {
    const email = uniqueEmail('reset');
    await h().signUp(email, OLD_PASSWORD);
    const { relative, token } = await mailedResetLink(h(), email, {
      path: '/request-password-reset',
      redirectTo: `${BASE_URL}/reset-page`,
    });

    const landing = await h().client().get(relative);
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toBe(`${BASE_URL}/reset-page?token=${token}`);

    expect((await h().client().post('/reset-password', { newPassword: NEW_PASSWORD, token })).status).toBe(200);
    expect((await signIn(h(), email, OLD_PASSWORD)).status).toBe(401);
    expect((await signIn(h(), email, NEW_PASSWORD)).status).toBe(200);
  });

  it('answers an unknown address exactly like a known one, and stores and sends nothing for it', async () => {
    const known = uniqueEmail('known');
    const unknown = uniqueEmail('nobody');
    await h().signUp(known, OLD_PASSWORD);
    const mailsBefore = h().mail.mails.length;
    const rowsBefore = await countRows(h(), 'verification');

    const forUnknown = await h().client().post('/forget-password', { email: unknown, redirectTo: '/reset' });
    const forKnown = await h().client().post('/forget-password', { email: known, redirectTo: '/reset' });
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.text).toBe(forKnown.text);
    expect(forUnknown.body).toEqual(RESET_REQUESTED);
    expect([...forUnknown.headers.keys()].sort()).toEqual([...forKnown.headers.keys()].sort());

    // The known address's mail, asked for second, bounds the wait for anything sent for the first.
    await h().mail.waitFor(known);
    expect(h().mail.to(unknown)).toEqual([]);
    expect(h().mail.mails.length).toBe(mailsBefore + 1);
    expect(await countRows(h(), 'verification')).toBe(rowsBefore + 1);
  });

  it('refuses an invalid e-mail with 400 INVALID_EMAIL and sends nothing', async () => {
    const response = await h().client().post('/forget-password', { email: 'not-an-address' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'INVALID_EMAIL', message: 'Invalid email' });
  });

  it('refuses a redirectTo outside the trusted origins with 403', async () => {
    const response = await h()
      .client()
      .post('/forget-password', { email: uniqueEmail(), redirectTo: 'https://evil.example/steal' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ code: ERRORS.invalidRedirectURL.code, message: ERRORS.invalidRedirectURL.message });
  });

  it('keeps only purpose:sha256(token) in the verification row, which names the user and expires in an hour', async () => {
    const email = uniqueEmail('reset');
    const { user } = await h().signUp(email, OLD_PASSWORD);
    const { token } = await mailedResetLink(h(), email);

    const rows = await resetRows(h(), user.id);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.identifier).toBe(`reset-password:${sha256Hex(token)}`);
    expect(row!.value).toBe(user.id);
    expect(row!.expiresAt.getTime()).toBe(h().clock.now().getTime() + HOUR * 1000);
    expect(JSON.stringify(row)).not.toContain(token);

    expect((await h().client().post('/reset-password', { newPassword: NEW_PASSWORD, token })).status).toBe(200);
    expect(await resetRows(h(), user.id)).toEqual([]);
  });

  it('a token works once: a second reset and a later visit of the link answer INVALID_TOKEN', async () => {
    const email = uniqueEmail('reset');
    await h().signUp(email, OLD_PASSWORD);
    const { relative, token } = await mailedResetLink(h(), email);
    expect((await h().client().post('/reset-password', { newPassword: NEW_PASSWORD, token })).status).toBe(200);

    const again = await h().client().post('/reset-password', { newPassword: 'a third password entirely', token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
    const landing = await h().client().get(relative);
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toBe('/reset?error=INVALID_TOKEN');
    expect((await signIn(h(), email, NEW_PASSWORD)).status).toBe(200);
  });

  // Guard: redeemToken's conditional delete of the token's row (verification/one-time-token.ts, verifications.take).
  it('twenty parallel resets with one token: exactly one succeeds, and its password is the one that works', async () => {
    const email = uniqueEmail('race');
    const { user } = await h().signUp(email, OLD_PASSWORD);
    const { token } = await mailedResetLink(h(), email);
    const passwords = Array.from({ length: 20 }, (_, i) => `parallel password number ${i}`);

    const responses = await Promise.all(
      passwords.map((newPassword) => h().client().post('/reset-password', { newPassword, token })),
    );
    const winners = responses.flatMap((response, i) => (response.status === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    for (const response of responses.filter((r) => r.status !== 200)) {
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
    }

    const winner = winners[0]!;
    expect((await signIn(h(), email, passwords[winner]!)).status).toBe(200);
    expect((await signIn(h(), email, passwords[(winner + 1) % 20]!)).status).toBe(401);
    expect((await signIn(h(), email, OLD_PASSWORD)).status).toBe(401);
    expect(await credentialAccounts(h(), user.id)).toHaveLength(1);
  });

  it('a token is valid for an hour: one second before, the link works; after, link and reset answer INVALID_TOKEN', async () => {
    const email = uniqueEmail('expiry');
    await h().signUp(email, OLD_PASSWORD);
    const first = await mailedResetLink(h(), email);
    const second = await mailedResetLink(h(), email, { skip: 1 });

    h().clock.advance(HOUR - 1);
    expect((await h().client().get(first.relative)).headers.get('location')).toBe(`/reset?token=${first.token}`);

    h().clock.advance(2);
    const landing = await h().client().get(first.relative);
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toBe('/reset?error=INVALID_TOKEN');
    const reset = await h().client().post('/reset-password', { newPassword: NEW_PASSWORD, token: second.token });
    expect(reset.status).toBe(400);
    expect(reset.body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });

    expect((await signIn(h(), email, OLD_PASSWORD)).status).toBe(200);
  });

  it("GET /reset-password/:token redirects an unknown token with error=INVALID_TOKEN, keeping the callback's own query", async () => {
    const response = await h()
      .client()
      .get(`/reset-password/${'x'.repeat(24)}?callbackURL=${encodeURIComponent('/reset?from=mail#top')}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/reset?from=mail&error=INVALID_TOKEN#top');
  });

  it('GET /reset-password/:token needs a callbackURL (400 VALIDATION_ERROR) on a trusted origin (403)', async () => {
    const missing = await h()
      .client()
      .get(`/reset-password/${'x'.repeat(24)}`);
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('VALIDATION_ERROR');

    const untrusted = await h()
      .client()
      .get(`/reset-password/${'x'.repeat(24)}?callbackURL=${encodeURIComponent('https://evil.example/')}`);
    expect(untrusted.status).toBe(403);
    expect(untrusted.body).toEqual({
      code: ERRORS.invalidCallbackURL.code,
      message: ERRORS.invalidCallbackURL.message,
    });
  });

  it('POST /reset-password takes the token from ?token= as well', async () => {
    const email = uniqueEmail('reset');
    await h().signUp(email, OLD_PASSWORD);
    const { token } = await mailedResetLink(h(), email);
    const response = await h().client().post(`/reset-password?token=${token}`, { newPassword: NEW_PASSWORD });
    expect(response.status).toBe(200);
    expect((await signIn(h(), email, NEW_PASSWORD)).status).toBe(200);
  });

  it('POST /reset-password without a token, or with an unknown one, answers 400 INVALID_TOKEN', async () => {
    for (const body of [{ newPassword: NEW_PASSWORD }, { newPassword: NEW_PASSWORD, token: 'y'.repeat(24) }]) {
      const response = await h().client().post('/reset-password', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
    }
  });

  it('a password too short or too long is refused without using the token up', async () => {
    const email = uniqueEmail('reset');
    await h().signUp(email, OLD_PASSWORD);
    const { token } = await mailedResetLink(h(), email);

    const short = await h().client().post('/reset-password', { newPassword: 'short', token });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ code: 'PASSWORD_TOO_SHORT', message: 'Password too short' });
    const long = await h()
      .client()
      .post('/reset-password', { newPassword: 'x'.repeat(129), token });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ code: 'PASSWORD_TOO_LONG', message: 'Password too long' });

    expect((await h().client().post('/reset-password', { newPassword: NEW_PASSWORD, token })).status).toBe(200);
    expect((await signIn(h(), email, NEW_PASSWORD)).status).toBe(200);
  });

  it('a reset ends every session of the user by default', async () => {
    const { email, user, clients } = await userWithTwoSessions(h());
    const bystander = await h().signUp();
    const { token } = await mailedResetLink(h(), email);

    expect((await h().client().post('/reset-password', { newPassword: NEW_PASSWORD, token })).status).toBe(200);
    expect(await sessionCount(h(), user.id)).toBe(0);
    for (const client of clients) {
      expect((await client.get('/get-session?disableCookieCache=true')).body).toBeNull();
    }
    expect(await sessionCount(h(), bystander.user.id)).toBe(1);
  });

  it('a reset for a user without a credential account creates one', async () => {
    const email = uniqueEmail('oauth-only');
    const { user } = await h().signUp(email, OLD_PASSWORD);
    await h().auth.context.db.deleteFrom('account').where('userId', '=', user.id).execute();
    const { token } = await mailedResetLink(h(), email);

    expect((await h().client().post('/reset-password', { newPassword: NEW_PASSWORD, token })).status).toBe(200);
    await expectPasswordSet(h(), user, NEW_PASSWORD);
  });

  it('a token whose user was deleted meanwhile answers 400 INVALID_TOKEN and creates no account', async () => {
    const email = uniqueEmail('gone');
    const { user } = await h().signUp(email, OLD_PASSWORD);
    const { token } = await mailedResetLink(h(), email);
    await h().auth.context.db.deleteFrom('user').where('id', '=', user.id).execute();

    const response = await h().client().post('/reset-password', { newPassword: NEW_PASSWORD, token });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
    expect(await credentialAccounts(h(), user.id)).toEqual([]);
  });
});

describeEachDialect(
  'Password reset with revokeSessionsOnPasswordReset off',
  (h) => {
    it('keeps the sessions of the user', async () => {
      const { email, user, clients } = await userWithTwoSessions(h());
      const { token } = await mailedResetLink(h(), email);

      expect((await h().client().post('/reset-password', { newPassword: NEW_PASSWORD, token })).status).toBe(200);
      expect(await sessionCount(h(), user.id)).toBe(2);
      for (const client of clients) {
        expect((await client.get('/get-session?disableCookieCache=true')).body.user.id).toBe(user.id);
      }
    });
  },
  { emailAndPassword: { revokeSessionsOnPasswordReset: false } },
);

describeEachDialect(
  'Password reset without a mailer',
  (h) => {
    it('forget-password and request-password-reset answer 400 "Reset password isn\'t enabled"', async () => {
      for (const path of ['/forget-password', '/request-password-reset']) {
        const response = await h().client().post(path, { email: uniqueEmail() });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          code: ERRORS.resetPasswordNotEnabled.code,
          message: "Reset password isn't enabled",
        });
      }
    });
  },
  { mailer: undefined },
);

describeEachDialect(
  'Password reset rate limit',
  (h) => {
    it('allows three requests a minute per client, then answers 429 while other clients go on', async () => {
      const email = uniqueEmail('limited');
      await h().signUp(email, OLD_PASSWORD);
      const client = h().client('198.51.100.7');
      for (let i = 0; i < 3; i++) expect((await client.post('/forget-password', { email })).status).toBe(200);
      const limited = await client.post('/forget-password', { email });
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('TOO_MANY_REQUESTS');

      expect((await h().client('198.51.100.8').post('/forget-password', { email })).status).toBe(200);
      h().clock.advance(60);
      expect((await client.post('/forget-password', { email })).status).toBe(200);
      // Five mails were asked for; waiting for them lets the background deliveries finish in this test.
      await h().mail.waitFor(email, { skip: 4 });
      expect(h().mail.to(email)).toHaveLength(5);
    });
  },
  { rateLimit: { enabled: true } },
);
