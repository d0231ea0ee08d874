/**
 * E-mail verification end to end through the SMTP sink: POST /send-verification-email, the mailed
 * link to GET /verify-email, its failures (as redirects with `error=` and as JSON), auto sign-in
 * after verification, and the sign-up and sign-in options that mail a verification.
 */
import { expect, it } from 'vitest';
import { sha256Hex } from '../src/crypto/digest';
import { API, BASE_URL, describeEachDialect, uniqueEmail, type Harness } from './support/harness';
import type { ReceivedMail } from './support/smtp-sink';
import { countRows, sessionCount } from './support/rows';

const PASSWORD = 'correct horse battery';
const LINK_PREFIX = BASE_URL + API;
const NOT_ENABLED = { code: 'VERIFICATION_EMAIL_ISN_T_ENABLED', message: "Verification email isn't enabled" };

/** The mailed link as a path relative to /api/auth, for `client.get`. */
function linkPath(mail: ReceivedMail): string {
  const [link] = mail.links;
  expect(link?.startsWith(`${LINK_PREFIX}/verify-email?`)).toBe(true);
  return link!.slice(LINK_PREFIX.length);
}

const tokenOf = (mail: ReceivedMail) => new URL(mail.links[0]!).searchParams.get('token')!;

async function userRow(h: Harness, id: string) {
  return h.auth.context.db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
}

async function isVerified(h: Harness, id: string): Promise<boolean> {
  return (await userRow(h, id))!.emailVerified;
}

/** Signs a user up and asks for a verification mail; resolves with the mail. */
async function requestVerification(h: Harness, callbackURL?: string) {
  const email = uniqueEmail('verify');
  const signedUp = await h.signUp(email);
  const response = await h.client().post('/send-verification-email', callbackURL ? { email, callbackURL } : { email });
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ status: true });
  const mail = await h.mail.waitFor(email);
  return { email, ...signedUp, mail };
}

describeEachDialect('POST /send-verification-email', (h) => {
  it('mails a verification link to an unverified user, and following it marks the address verified', async () => {
    const { email, user, mail } = await requestVerification(h());

    expect(mail.subject).toBe('Verify your e-mail address');
    expect(mail.to).toEqual([email]);
    expect(mail.text).toContain(email);
    expect(mail.html).toContain(mail.links[0]!.replaceAll('&', '&amp;'));
    expect(await isVerified(h(), user.id)).toBe(false);

    const response = await h().client().get(linkPath(mail));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: true,
      user: expect.objectContaining({ id: user.id, email, emailVerified: true }),
    });
    expect(await isVerified(h(), user.id)).toBe(true);
  });

  it('keeps only purpose:sha256(token) in the database, never the token, and deletes the row on use', async () => {
    const { email, user, mail } = await requestVerification(h());
    const token = tokenOf(mail);

    const rows = await h()
      .auth.context.db.selectFrom('verification')
      .selectAll()
      .where('value', '=', `${user.id}:${email}`)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identifier).toBe(`email-verification:${sha256Hex(token)}`);
    const everything = JSON.stringify(await h().auth.context.db.selectFrom('verification').selectAll().execute());
    expect(everything).not.toContain(token);

    expect((await h().client().get(linkPath(mail))).status).toBe(200);
    expect(
      await h().auth.context.db.selectFrom('verification').select('id').where('id', '=', rows[0]!.id).execute(),
    ).toHaveLength(0);
  });

  it('carries the callbackURL in the link and redirects there once verified', async () => {
    const { user, mail } = await requestVerification(h(), '/welcome?tab=profile');
    expect(new URL(mail.links[0]!).searchParams.get('callbackURL')).toBe('/welcome?tab=profile');

    const response = await h().client().get(linkPath(mail));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/welcome?tab=profile');
    expect(await isVerified(h(), user.id)).toBe(true);
  });

  it('finds the account whatever the case of the address given', async () => {
    const email = uniqueEmail('case');
    await h().signUp(email);
    const response = await h().client().post('/send-verification-email', { email: email.toUpperCase() });
    expect(response.status).toBe(200);
    expect((await h().mail.waitFor(email)).to).toEqual([email]);
  });

  it('answers {status: true} for an unknown address, and sends and stores nothing', async () => {
    const email = uniqueEmail('nobody');
    const before = await countRows(h(), 'verification');
    const response = await h().client().post('/send-verification-email', { email });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: true });
    expect(h().mail.to(email)).toHaveLength(0);
    expect(await countRows(h(), 'verification')).toBe(before);
  });

  it('answers {status: true} for an address already verified, and sends nothing', async () => {
    const email = uniqueEmail('done');
    const { user } = await h().signUp(email);
    await h().auth.context.users.update(user.id, { emailVerified: true, updatedAt: h().clock.now() });
    const response = await h().client().post('/send-verification-email', { email });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: true });
    expect(h().mail.to(email)).toHaveLength(0);
  });

  it('sends a signed-in caller a link for its own address; another address answers 400 EMAIL_MISMATCH and sends nothing', async () => {
    const own = await h().signUp(uniqueEmail('own'));
    const otherEmail = uniqueEmail('other');
    await h().signUp(otherEmail);
    const before = await countRows(h(), 'verification');

    for (const email of [otherEmail, uniqueEmail('nobody')]) {
      const forOther = await own.client.post('/send-verification-email', { email });
      expect(forOther.status).toBe(400);
      expect(forOther.body).toEqual({ code: 'EMAIL_MISMATCH', message: 'Email mismatch' });
    }
    expect(await countRows(h(), 'verification')).toBe(before);
    expect(h().mail.to(otherEmail)).toHaveLength(0);

    const forOwn = await own.client.post('/send-verification-email', { email: own.user.email.toUpperCase() });
    expect(forOwn.status).toBe(200);
    expect((await h().mail.waitFor(own.user.email)).to).toEqual([own.user.email]);
  });

  it('answers a signed-in caller whose address is verified 400 EMAIL_ALREADY_VERIFIED and sends nothing', async () => {
    const own = await h().signUp(uniqueEmail('verified'));
    await h().auth.context.users.update(own.user.id, { emailVerified: true, updatedAt: h().clock.now() });
    const before = await countRows(h(), 'verification');
    const response = await own.client.post('/send-verification-email', { email: own.user.email });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'EMAIL_ALREADY_VERIFIED', message: 'Email is already verified' });
    expect(await countRows(h(), 'verification')).toBe(before);
  });

  it('answers 400 INVALID_EMAIL for a malformed address', async () => {
    const response = await h().client().post('/send-verification-email', { email: 'not-an-address' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'INVALID_EMAIL', message: 'Invalid email' });
  });

  it('answers 403 INVALID_CALLBACKURL for an untrusted callbackURL and sends nothing', async () => {
    const email = uniqueEmail('evil');
    await h().signUp(email);
    const response = await h()
      .client()
      .post('/send-verification-email', { email, callbackURL: 'https://evil.example/steal' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ code: 'INVALID_CALLBACKURL', message: 'Invalid callbackURL' });
    expect(h().mail.to(email)).toHaveLength(0);
  });
});

describeEachDialect(
  'POST /send-verification-email rate limit',
  (h) => {
    it('allows 3 requests per 60 seconds per client, then answers 429 until the window ends', async () => {
      const client = h().client('198.51.100.77');
      for (let i = 0; i < 3; i++) {
        expect((await client.post('/send-verification-email', { email: uniqueEmail('rl') })).status).toBe(200);
      }
      const limited = await client.post('/send-verification-email', { email: uniqueEmail('rl') });
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('TOO_MANY_REQUESTS');
      h().clock.advance(60);
      expect((await client.post('/send-verification-email', { email: uniqueEmail('rl') })).status).toBe(200);
    });
  },
  { rateLimit: { enabled: true } },
);

describeEachDialect('GET /verify-email failures', (h) => {
  it('answers 400 TOKEN_EXPIRED after 3600 seconds, or redirects with error=token_expired, and verifies nothing', async () => {
    const first = await requestVerification(h());
    const second = await requestVerification(h(), '/done');
    h().clock.advance(3601);

    const json = await h().client().get(linkPath(first.mail));
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ code: 'TOKEN_EXPIRED', message: 'Token expired' });

    const redirected = await h().client().get(linkPath(second.mail));
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe('/done?error=token_expired');

    expect(await isVerified(h(), first.user.id)).toBe(false);
    expect(await isVerified(h(), second.user.id)).toBe(false);
  });

  it('still accepts a token one second before it expires', async () => {
    const { user, mail } = await requestVerification(h());
    h().clock.advance(3599);
    expect((await h().client().get(linkPath(mail))).status).toBe(200);
    expect(await isVerified(h(), user.id)).toBe(true);
  });

  it('answers 401 INVALID_TOKEN for an unknown token, as better-auth 1.7 does', async () => {
    const response = await h().client().get('/verify-email?token=not-a-real-token');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
  });

  it('appends error=invalid_token to a relative callbackURL keeping its query, and to an absolute one', async () => {
    const relative = await h()
      .client()
      .get(`/verify-email?token=bogus&callbackURL=${encodeURIComponent('/welcome?tab=1')}`);
    expect(relative.status).toBe(302);
    expect(relative.headers.get('location')).toBe('/welcome?tab=1&error=invalid_token');

    const absolute = await h()
      .client()
      .get(`/verify-email?token=bogus&callbackURL=${encodeURIComponent(`${BASE_URL}/verified`)}`);
    expect(absolute.status).toBe(302);
    expect(absolute.headers.get('location')).toBe(`${BASE_URL}/verified?error=invalid_token`);
  });

  it('works once: the same link a second time answers invalid token', async () => {
    const { mail } = await requestVerification(h());
    expect((await h().client().get(linkPath(mail))).status).toBe(200);
    const again = await h().client().get(linkPath(mail));
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
  });

  it('answers 404 USER_NOT_FOUND, or redirects with error=user_not_found, when the user was deleted', async () => {
    const first = await requestVerification(h());
    const second = await requestVerification(h(), '/done');
    await h().auth.context.users.delete(first.user.id);
    await h().auth.context.users.delete(second.user.id);

    const json = await h().client().get(linkPath(first.mail));
    expect(json.status).toBe(404);
    expect(json.body).toEqual({ code: 'USER_NOT_FOUND', message: 'User not found' });

    const redirected = await h().client().get(linkPath(second.mail));
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe('/done?error=user_not_found');
  });

  it('refuses a token issued for an address the account has since left', async () => {
    const { user, mail } = await requestVerification(h());
    await h().auth.context.users.update(user.id, { email: uniqueEmail('moved'), updatedAt: h().clock.now() });

    const response = await h().client().get(linkPath(mail));
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
    expect(await isVerified(h(), user.id)).toBe(false);
  });

  it('answers 400 VALIDATION_ERROR without a token and 403 INVALID_CALLBACKURL for an untrusted callbackURL', async () => {
    const missing = await h().client().get('/verify-email');
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('VALIDATION_ERROR');

    const { user, mail } = await requestVerification(h());
    const untrusted = await h()
      .client()
      .get(`/verify-email?token=${tokenOf(mail)}&callbackURL=${encodeURIComponent('https://evil.example/')}`);
    expect(untrusted.status).toBe(403);
    expect(untrusted.body).toEqual({ code: 'INVALID_CALLBACKURL', message: 'Invalid callbackURL' });
    expect(await isVerified(h(), user.id)).toBe(false);
  });

  // Guard: redeemToken's conditional delete of the token's row (verification/one-time-token.ts, verifications.take).
  it('lets exactly one of 20 parallel uses of one token succeed; the others answer invalid token', async () => {
    const { user, mail } = await requestVerification(h());
    const path = linkPath(mail);
    const responses = await Promise.all(Array.from({ length: 20 }, () => h().client().get(path)));

    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    const failures = responses.filter((r) => r.status !== 200);
    expect(failures).toHaveLength(19);
    for (const failure of failures) expect(failure.body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
    expect(await isVerified(h(), user.id)).toBe(true);
  });
});

describeEachDialect('GET /verify-email without auto sign-in (the default)', (h) => {
  it('verifies from a browser without a session and signs nobody in', async () => {
    const { user, mail } = await requestVerification(h());
    const before = await sessionCount(h(), user.id);
    const browser = h().client();
    const response = await browser.get(linkPath(mail));
    expect(response.status).toBe(200);
    expect(response.setCookies.has('latchkey.session_token')).toBe(false);
    expect(await sessionCount(h(), user.id)).toBe(before);
    expect((await browser.get('/get-session')).body).toBeNull();
  });

  it("rewrites the cookie cache of the user's own session, so get-session shows the address verified at once", async () => {
    const { client, mail } = await requestVerification(h());
    expect((await client.get('/get-session')).body.user.emailVerified).toBe(false);
    expect((await client.get(linkPath(mail))).status).toBe(200);
    expect((await client.get('/get-session')).body.user.emailVerified).toBe(true);
  });
});

describeEachDialect(
  'GET /verify-email with autoSignInAfterVerification',
  (h) => {
    it('signs the user in from a browser without a session', async () => {
      const { user, mail } = await requestVerification(h());
      const before = await sessionCount(h(), user.id);
      const browser = h().client();
      const response = await browser.get(linkPath(mail));
      expect(response.status).toBe(200);
      expect(response.setCookies.get('latchkey.session_token')?.value).toBeTruthy();
      expect(await sessionCount(h(), user.id)).toBe(before + 1);
      const session = await browser.get('/get-session');
      expect(session.body.user).toMatchObject({ id: user.id, emailVerified: true });
    });

    it('signs the user in before redirecting to the callbackURL', async () => {
      const { user, mail } = await requestVerification(h(), '/dashboard');
      const browser = h().client();
      const response = await browser.get(linkPath(mail));
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/dashboard');
      expect((await browser.get('/get-session')).body.user.id).toBe(user.id);
    });

    it("creates no second session when the request already carries the user's own", async () => {
      const { client, user, mail } = await requestVerification(h());
      const before = await sessionCount(h(), user.id);
      expect((await client.get(linkPath(mail))).status).toBe(200);
      expect(await sessionCount(h(), user.id)).toBe(before);
      expect((await client.get('/get-session')).body.user).toMatchObject({ id: user.id, emailVerified: true });
    });

    it("verifies but never signs in over another user's session in the same browser (a login CSRF)", async () => {
      const { user, mail } = await requestVerification(h());
      const other = await h().signUp(uniqueEmail('other'));
      const before = await sessionCount(h(), user.id);
      const response = await other.client.get(linkPath(mail));
      expect(response.status).toBe(200);
      expect(response.setCookies.has('latchkey.session_token')).toBe(false);
      expect(await isVerified(h(), user.id)).toBe(true);
      expect(await sessionCount(h(), user.id)).toBe(before);
      expect((await other.client.get('/get-session')).body.user.id).toBe(other.user.id);
    });

    it('verifies but signs nobody in when another site navigates the browser to the link by itself', async () => {
      const { user, mail } = await requestVerification(h());
      const before = await sessionCount(h(), user.id);
      const browser = h().client();
      const headers = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
      const response = await browser.get(linkPath(mail), { headers });
      expect(response.status).toBe(200);
      expect(response.setCookies.has('latchkey.session_token')).toBe(false);
      expect(await isVerified(h(), user.id)).toBe(true);
      expect(await sessionCount(h(), user.id)).toBe(before);
    });

    it('signs in from a link the person clicked on another site (a webmail) and from a mail program', async () => {
      for (const headers of [
        { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-user': '?1' },
        { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-user': '?1' },
      ]) {
        const { user, mail } = await requestVerification(h());
        const browser = h().client();
        expect((await browser.get(linkPath(mail), { headers })).status).toBe(200);
        expect((await browser.get('/get-session')).body.user.id).toBe(user.id);
      }
    });

    it('signs nobody in when the token fails', async () => {
      const browser = h().client();
      const response = await browser.get('/verify-email?token=bogus');
      expect(response.status).toBe(401);
      expect(response.setCookies.has('latchkey.session_token')).toBe(false);
    });
  },
  { emailVerification: { autoSignInAfterVerification: true } },
);

describeEachDialect('sign-up without sendOnSignUp (the default)', (h) => {
  it('mails nothing', async () => {
    const email = uniqueEmail('quiet');
    await h().signUp(email);
    expect(h().mail.to(email)).toHaveLength(0);
  });
});

describeEachDialect(
  'sign-up with sendOnSignUp',
  (h) => {
    it("mails a verification link carrying the sign-up's callbackURL, and still signs the user in", async () => {
      const email = uniqueEmail('onsignup');
      const client = h().client();
      const response = await client.post('/sign-up/email', {
        email,
        password: PASSWORD,
        name: 'Ada',
        callbackURL: '/onboarding',
      });
      expect(response.status).toBe(200);
      expect(response.body.token).toEqual(expect.any(String));

      const mail = await h().mail.waitFor(email);
      expect(mail.subject).toBe('Verify your e-mail address');
      const followed = await client.get(linkPath(mail));
      expect(followed.status).toBe(302);
      expect(followed.headers.get('location')).toBe('/onboarding');
      expect(await isVerified(h(), response.body.user.id)).toBe(true);
    });
  },
  { emailVerification: { sendOnSignUp: true } },
);

describeEachDialect(
  'requireEmailVerification',
  (h) => {
    it('sign-up creates no session, answers {token: null, user} and mails a verification link', async () => {
      const email = uniqueEmail('required');
      const client = h().client();
      const response = await client.post('/sign-up/email', { email, password: PASSWORD, name: 'Ada' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ token: null, user: expect.objectContaining({ email, emailVerified: false }) });
      expect(response.setCookies.has('latchkey.session_token')).toBe(false);
      expect(await sessionCount(h(), response.body.user.id)).toBe(0);
      expect((await h().mail.waitFor(email)).subject).toBe('Verify your e-mail address');
    });

    it('sign-in of an unverified user with the right password answers 403 EMAIL_NOT_VERIFIED and mails a new link', async () => {
      const email = uniqueEmail('unverified');
      const signUp = await h().client().post('/sign-up/email', { email, password: PASSWORD, name: 'Ada' });
      await h().mail.waitFor(email);

      const client = h().client();
      const response = await client.post('/sign-in/email', { email, password: PASSWORD, callbackURL: '/home' });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' });
      expect(response.setCookies.has('latchkey.session_token')).toBe(false);
      expect(await sessionCount(h(), signUp.body.user.id)).toBe(0);

      const mail = await h().mail.waitFor(email, { skip: 1 });
      expect(new URL(mail.links[0]!).searchParams.get('callbackURL')).toBe('/home');
      expect((await client.get(linkPath(mail))).status).toBe(302);

      const signIn = await client.post('/sign-in/email', { email, password: PASSWORD });
      expect(signIn.status).toBe(200);
      expect(signIn.body.user).toMatchObject({ email, emailVerified: true });
    });

    it('sign-in with a wrong password still answers 401 and mails nothing', async () => {
      const email = uniqueEmail('wrongpw');
      await h().client().post('/sign-up/email', { email, password: PASSWORD, name: 'Ada' });
      await h().mail.waitFor(email);

      const response = await h().client().post('/sign-in/email', { email, password: 'not the password' });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
      expect(h().mail.to(email)).toHaveLength(1);
    });

    it('sign-in of an unknown address still answers 401', async () => {
      const response = await h()
        .client()
        .post('/sign-in/email', { email: uniqueEmail('ghost'), password: PASSWORD });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    });
  },
  { emailAndPassword: { requireEmailVerification: true } },
);

describeEachDialect(
  'e-mail verification without a mailer',
  (h) => {
    it('send-verification-email answers 400 "Verification email isn\'t enabled"', async () => {
      const { user } = await h().signUp(uniqueEmail('nomailer'));
      const response = await h().client().post('/send-verification-email', { email: user.email });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(NOT_ENABLED);
    });
  },
  { mailer: undefined },
);

describeEachDialect(
  'requireEmailVerification without a mailer',
  (h) => {
    it('sign-up still answers {token: null, user} and sign-in of the unverified user 403', async () => {
      const email = uniqueEmail('nomailer');
      const signUp = await h().client().post('/sign-up/email', { email, password: PASSWORD, name: 'Ada' });
      expect(signUp.status).toBe(200);
      expect(signUp.body.token).toBeNull();
      const signIn = await h().client().post('/sign-in/email', { email, password: PASSWORD });
      expect(signIn.status).toBe(403);
      expect(signIn.body).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' });
    });
  },
  { mailer: undefined, emailAndPassword: { requireEmailVerification: true } },
);
