/**
 * Deleting an account: POST /delete-user with the password or a fresh session, at once or through
 * the mailed confirmation link (GET /delete-user/callback, or its token sent back), and what the
 * deletion leaves in the database and the browser.
 */
import { expect, it } from 'vitest';
import { issueToken } from '../src/verification/one-time-token';
import { API, BASE_URL, describeEachDialect, uniqueEmail, type Harness, type TestClient } from './support/harness';
import { countRows, expectNothingChanged } from './support/rows';
import { expectSessionCookiesCleared } from './support/set-cookies';

const PASSWORD = 'correct horse battery';
const DAY = 24 * 60 * 60;

const immediate = { user: { deleteUser: { enabled: true } } };
const confirmed = { user: { deleteUser: { enabled: true, sendDeleteAccountVerification: true } } };

/** Every row that names the user: the user itself, its sessions, accounts and pending tokens. */
async function rowsOf(h: Harness, userId: string) {
  const { db } = h.auth.context;
  const [users, sessions, accounts, verifications] = await Promise.all([
    db.selectFrom('user').select('id').where('id', '=', userId).execute(),
    db.selectFrom('session').select('id').where('userId', '=', userId).execute(),
    db.selectFrom('account').select('id').where('userId', '=', userId).execute(),
    db
      .selectFrom('verification')
      .select('id')
      .where((eb) => eb.or([eb('value', '=', userId), eb('value', 'like', `${userId}:%`)]))
      .execute(),
  ]);
  return {
    users: users.length,
    sessions: sessions.length,
    accounts: accounts.length,
    verifications: verifications.length,
  };
}

const NOTHING_LEFT = { users: 0, sessions: 0, accounts: 0, verifications: 0 };

/** A user signed in from two browsers, with a pending reset-password token. */
async function userWithHistory(h: Harness) {
  const email = uniqueEmail('delete');
  const { client, user } = await h.signUp(email);
  const other = h.client();
  expect((await other.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  await issueToken(h.auth.context, 'reset-password', { userId: user.id }, { expiresIn: 3600 });
  expect(await rowsOf(h, user.id)).toEqual({ users: 1, sessions: 2, accounts: 1, verifications: 1 });
  return { email, client, other, user };
}

/** The confirmation link of the delete-account mail to `email` (after `skip` earlier ones), as a path under the API. */
async function mailedLink(h: Harness, email: string, skip: number): Promise<{ path: string; url: URL }> {
  const mail = await h.mail.waitFor(email, { skip });
  expect(mail.subject).toBe('Confirm the deletion of your account');
  const link = mail.links.find((l) => l.includes('/delete-user/callback'));
  expect(link, mail.text).toBeDefined();
  expect(link!.startsWith(`${BASE_URL}${API}/delete-user/callback?`)).toBe(true);
  const url = new URL(link!);
  expect(mail.html).toContain(url.searchParams.get('token'));
  return { path: link!.slice(BASE_URL.length + API.length), url };
}

/** Requests the confirmation mail with the password and returns the link it carries. */
async function requestConfirmation(h: Harness, client: TestClient, email: string, callbackURL?: string) {
  const earlier = h.mail.to(email).length;
  const response = await client.post('/delete-user', { password: PASSWORD, ...(callbackURL && { callbackURL }) });
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ success: true, message: 'Verification email sent' });
  return mailedLink(h, email, earlier);
}

describeEachDialect(
  'POST /delete-user, deleting at once',
  (h) => {
    it('with the right password deletes the user, its sessions, accounts and pending tokens, and clears the session cookies', async () => {
      const { client, other, user } = await userWithHistory(h());
      const response = await client.post('/delete-user', { password: PASSWORD });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: 'User deleted' });
      expectSessionCookiesCleared(response);
      expect(await rowsOf(h(), user.id)).toEqual(NOTHING_LEFT);
      expect((await client.get('/get-session')).text).toBe('null');
      expect((await other.get('/get-session?disableCookieCache=true')).text).toBe('null');
    });

    it('with a wrong password answers 400 INVALID_PASSWORD and deletes nothing', async () => {
      const { client, user } = await userWithHistory(h());
      await expectNothingChanged(h(), async () => {
        const response = await client.post('/delete-user', { password: 'not the password' });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ code: 'INVALID_PASSWORD', message: 'Invalid password' });
      });
      expect(await rowsOf(h(), user.id)).toEqual({ users: 1, sessions: 2, accounts: 1, verifications: 1 });
    });

    it('with a password but no credential account answers 400 CREDENTIAL_ACCOUNT_NOT_FOUND and deletes nothing', async () => {
      const { client, user } = await h().signUp();
      await h().auth.context.db.deleteFrom('account').where('userId', '=', user.id).execute();
      const response = await client.post('/delete-user', { password: PASSWORD });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'CREDENTIAL_ACCOUNT_NOT_FOUND', message: 'Credential account not found' });
      expect(await rowsOf(h(), user.id)).toMatchObject({ users: 1, sessions: 1 });
    });

    it('without a password deletes the user while the session is fresh', async () => {
      const { client, user } = await userWithHistory(h());
      h().clock.advance(DAY - 60);
      const response = await client.post('/delete-user', {});

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: 'User deleted' });
      expectSessionCookiesCleared(response);
      expect(await rowsOf(h(), user.id)).toEqual(NOTHING_LEFT);
    });

    it('without a password answers 400 SESSION_EXPIRED once the session is older than the fresh age; the password still works', async () => {
      const { client, user } = await h().signUp();
      h().clock.advance(DAY + 1);
      const refused = await client.post('/delete-user', {});
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        code: 'SESSION_EXPIRED_RE_AUTHENTICATE_TO_PERFORM_THIS_ACTION',
        message: 'Session expired. Re-authenticate to perform this action.',
      });
      expect(await rowsOf(h(), user.id)).toEqual({ users: 1, sessions: 1, accounts: 1, verifications: 0 });

      const response = await client.post('/delete-user', { password: PASSWORD });
      expect(response.status).toBe(200);
      expect(await rowsOf(h(), user.id)).toEqual(NOTHING_LEFT);
    });

    it('without a session answers 401 UNAUTHORIZED', async () => {
      const response = await h().client().post('/delete-user', { password: PASSWORD });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
    });

    it('leaves other users alone', async () => {
      const bystander = await userWithHistory(h());
      const { client } = await h().signUp();
      expect((await client.post('/delete-user', { password: PASSWORD })).status).toBe(200);
      expect(await rowsOf(h(), bystander.user.id)).toEqual({ users: 1, sessions: 2, accounts: 1, verifications: 1 });
    });

    it('with an unknown token in the body answers 400 INVALID_TOKEN and deletes nothing', async () => {
      const { client, user } = await h().signUp();
      const response = await client.post('/delete-user', { token: 'x'.repeat(32) });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
      expect(await rowsOf(h(), user.id)).toMatchObject({ users: 1, sessions: 1 });
    });
  },
  immediate,
);

describeEachDialect(
  'POST /delete-user with freshAge 0',
  (h) => {
    it('deletes without a password however old the session is: 0 turns the freshness check off', async () => {
      const { client, user } = await h().signUp();
      h().clock.advance(6 * DAY);
      const response = await client.post('/delete-user', {});
      expect(response.status).toBe(200);
      expect(await rowsOf(h(), user.id)).toEqual(NOTHING_LEFT);
    });
  },
  { ...immediate, session: { freshAge: 0 } },
);

describeEachDialect('POST /delete-user when account deletion is not enabled (the library default)', (h) => {
  it('answers 404 NOT_FOUND and deletes nothing, with or without a password', async () => {
    const { client, user } = await h().signUp();
    for (const body of [{ password: PASSWORD }, {}]) {
      const response = await client.post('/delete-user', body);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
    expect(await rowsOf(h(), user.id)).toMatchObject({ users: 1, sessions: 1, accounts: 1 });
  });

  it('answers 404 NOT_FOUND on the confirmation link', async () => {
    const { client, user } = await h().signUp();
    const token = await issueToken(
      h().auth.context,
      'delete-account',
      { userId: user.id },
      { expiresIn: DAY, length: 32 },
    );
    const response = await client.get(`/delete-user/callback?token=${token}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    expect(await rowsOf(h(), user.id)).toMatchObject({ users: 1, verifications: 1 });
  });
});

describeEachDialect(
  'Deleting an account through the mailed confirmation',
  (h) => {
    it('mails a 32-character token valid 24 hours and deletes nothing until the link is followed', async () => {
      const { email, client, user } = await userWithHistory(h());
      const { url } = await requestConfirmation(h(), client, email, '/goodbye');

      expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(url.searchParams.get('callbackURL')).toBe('/goodbye');
      expect(await rowsOf(h(), user.id)).toEqual({ users: 1, sessions: 2, accounts: 1, verifications: 2 });
      const row = await h()
        .auth.context.db.selectFrom('verification')
        .selectAll()
        .where('identifier', 'like', 'delete-account:%')
        .where('value', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(new Date(row.expiresAt).getTime()).toBe(h().clock.now().getTime() + DAY * 1000);
      // Only the digest is stored.
      expect(row.identifier).not.toContain(url.searchParams.get('token'));
    });

    it('the link deletes the user, its sessions, accounts and tokens, clears the cookies and redirects to the callbackURL', async () => {
      const { email, client, other, user } = await userWithHistory(h());
      const { path } = await requestConfirmation(h(), client, email, '/goodbye?from=mail');
      const response = await client.get(path);

      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/goodbye?from=mail');
      expectSessionCookiesCleared(response);
      expect(await rowsOf(h(), user.id)).toEqual(NOTHING_LEFT);
      expect((await other.get('/get-session?disableCookieCache=true')).text).toBe('null');
    });

    it('the link without a callbackURL answers JSON {success: true, message: "User deleted"}', async () => {
      const { email, client, user } = await userWithHistory(h());
      const { path } = await requestConfirmation(h(), client, email);
      const response = await client.get(path);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: 'User deleted' });
      expectSessionCookiesCleared(response);
      expect(await rowsOf(h(), user.id)).toEqual(NOTHING_LEFT);
    });

    it('with the password, a session older than the fresh age may still request the mail', async () => {
      const { client, user } = await h().signUp();
      h().clock.advance(DAY + 1);
      const response = await client.post('/delete-user', { password: PASSWORD });
      expect(response.body).toEqual({ success: true, message: 'Verification email sent' });
      expect(await rowsOf(h(), user.id)).toMatchObject({ users: 1, verifications: 1 });
    });

    it('a stale session without the password answers 400 SESSION_EXPIRED and sends no mail', async () => {
      const { client, user } = await h().signUp();
      h().clock.advance(DAY + 1);
      const response = await client.post('/delete-user', {});
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('SESSION_EXPIRED_RE_AUTHENTICATE_TO_PERFORM_THIS_ACTION');
      expect(await rowsOf(h(), user.id)).toMatchObject({ users: 1, verifications: 0 });
      expect(h().mail.to(user.email)).toHaveLength(0);
    });

    it('a link followed after 24 hours redirects with error=token_expired, or answers 400 TOKEN_EXPIRED without a callbackURL, and deletes nothing', async () => {
      const first = await h().signUp();
      const second = await h().signUp();
      const withCallback = await requestConfirmation(h(), first.client, first.user.email, '/goodbye');
      const withoutCallback = await requestConfirmation(h(), second.client, second.user.email);
      h().clock.advance(DAY + 1);

      const redirected = await first.client.get(withCallback.path);
      expect(redirected.status).toBe(302);
      expect(redirected.headers.get('location')).toBe('/goodbye?error=token_expired');
      const answered = await second.client.get(withoutCallback.path);
      expect(answered.status).toBe(400);
      expect(answered.body).toEqual({ code: 'TOKEN_EXPIRED', message: 'Token expired' });

      for (const { user } of [first, second])
        expect(await rowsOf(h(), user.id)).toMatchObject({ users: 1, sessions: 1, accounts: 1 });
    });

    it('an unknown or already used token redirects with error=invalid_token, or answers 404 INVALID_TOKEN as better-auth 1.7 does', async () => {
      const { client, user } = await h().signUp();
      const redirected = await client.get(`/delete-user/callback?token=${'y'.repeat(32)}&callbackURL=%2Fgoodbye`);
      expect(redirected.status).toBe(302);
      expect(redirected.headers.get('location')).toBe('/goodbye?error=invalid_token');
      const answered = await client.get(`/delete-user/callback?token=${'y'.repeat(32)}`);
      expect(answered.status).toBe(404);
      expect(answered.body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
      expect(await rowsOf(h(), user.id)).toMatchObject({ users: 1, sessions: 1 });
    });

    it('the link opened without a session or signed in as someone else answers 401 UNAUTHORIZED; the token stays usable by its owner', async () => {
      const owner = await h().signUp();
      const intruder = await h().signUp();
      const { path } = await requestConfirmation(h(), owner.client, owner.user.email);
      const { path: withCallback } = await requestConfirmation(h(), owner.client, owner.user.email, '/goodbye');

      await expectNothingChanged(h(), async () => {
        const anonymous = await h().client().get(path);
        expect(anonymous.status).toBe(401);
        expect(anonymous.body).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
        const redirected = await h().client().get(withCallback);
        expect(redirected.status).toBe(302);
        expect(redirected.headers.get('location')).toBe('/goodbye?error=unauthorized');
        const someoneElse = await intruder.client.get(path);
        expect(someoneElse.status).toBe(401);
        expect(someoneElse.body.code).toBe('UNAUTHORIZED');
      });
      expect(await rowsOf(h(), owner.user.id)).toMatchObject({ users: 1, verifications: 2 });

      const response = await owner.client.get(path);
      expect(response.status).toBe(200);
      expect(await rowsOf(h(), owner.user.id)).toEqual(NOTHING_LEFT);
      expect(await rowsOf(h(), intruder.user.id)).toMatchObject({ users: 1, sessions: 1 });
    });

    it('the token sent back in the body deletes the account and clears the cookies', async () => {
      const { email, client, user } = await userWithHistory(h());
      const { url } = await requestConfirmation(h(), client, email);
      const response = await client.post('/delete-user', { token: url.searchParams.get('token') });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: 'User deleted' });
      expectSessionCookiesCleared(response);
      expect(await rowsOf(h(), user.id)).toEqual(NOTHING_LEFT);
    });

    it("a token in the body that is expired or another user's answers 400 INVALID_TOKEN and deletes nothing", async () => {
      const owner = await h().signUp();
      const intruder = await h().signUp();
      const { url } = await requestConfirmation(h(), owner.client, owner.user.email);
      const token = url.searchParams.get('token');

      const stolen = await intruder.client.post('/delete-user', { token });
      expect(stolen.status).toBe(400);
      expect(stolen.body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });

      h().clock.advance(DAY + 1);
      const late = await owner.client.post('/delete-user', { token });
      expect(late.status).toBe(400);
      expect(late.body).toEqual({ code: 'INVALID_TOKEN', message: 'invalid token' });
      for (const { user } of [owner, intruder])
        expect(await rowsOf(h(), user.id)).toMatchObject({ users: 1, sessions: 1, accounts: 1 });
    });

    // Guard: redeemToken's conditional delete of the token's row (verification/one-time-token.ts, verifications.take).
    it('of twenty parallel follows of one link exactly one deletes the account', async () => {
      const { email, client, user } = await userWithHistory(h());
      const { path } = await requestConfirmation(h(), client, email);
      const responses = await Promise.all(Array.from({ length: 20 }, () => client.get(path)));

      const succeeded = responses.filter((r) => r.status === 200);
      expect(succeeded).toHaveLength(1);
      expect(succeeded[0]!.body).toEqual({ success: true, message: 'User deleted' });
      // The losers found the token used (404, as better-auth answers) or, once the winner was done,
      // their session gone (401).
      for (const r of responses.filter((r) => r.status !== 200)) expect([401, 404]).toContain(r.status);
      expect(await rowsOf(h(), user.id)).toEqual(NOTHING_LEFT);
    });

    it('refuses a callbackURL on an untrusted origin with 403 INVALID_CALLBACKURL and sends nothing', async () => {
      const { client, user } = await h().signUp();
      const response = await client.post('/delete-user', {
        password: PASSWORD,
        callbackURL: 'https://evil.example/bye',
      });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ code: 'INVALID_CALLBACKURL', message: 'Invalid callbackURL' });
      expect(await rowsOf(h(), user.id)).toMatchObject({ users: 1, verifications: 0 });
      expect(h().mail.to(user.email)).toHaveLength(0);
    });
  },
  confirmed,
);

describeEachDialect(
  'Deleting an account with confirmation but no mailer',
  (h) => {
    it('answers 400 "Verification email isn\'t enabled" and neither deletes nor issues a token', async () => {
      const { client, user } = await h().signUp();
      const before = await countRows(h(), 'verification');
      const response = await client.post('/delete-user', { password: PASSWORD });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: 'VERIFICATION_EMAIL_ISN_T_ENABLED',
        message: "Verification email isn't enabled",
      });
      expect(await countRows(h(), 'verification')).toBe(before);
      expect(await rowsOf(h(), user.id)).toMatchObject({ users: 1, sessions: 1, accounts: 1 });
    });
  },
  { ...confirmed, mailer: undefined },
);
