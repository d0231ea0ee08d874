/**
 * Changing a password with the current one (POST /change-password), and giving one to a user who
 * has none (the server-only `auth.api.setPassword`), with the sessions and accounts each leaves.
 */
import { expect, it } from 'vitest';
import { AuthError, ERRORS } from '../src';
import { sha256Hex } from '../src/crypto/digest';
import {
  describeEachDialect,
  racesInTransactions,
  uniqueEmail,
  type Harness,
  type TestClient,
} from './support/harness';
import { holdingCalls } from './support/held-calls';
import { credentialAccounts, expectNothingChanged, expectPasswordSet } from './support/rows';
import { copyCookies } from './support/stolen-cookies';

const TOKEN = 'latchkey.session_token';
const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'new staple of battery horses';

function signIn(h: Harness, email: string, password: string, extra: Record<string, unknown> = {}) {
  return h.client().post('/sign-in/email', { email, password, ...extra });
}

async function sessionDigests(h: Harness, userId: string): Promise<string[]> {
  const rows = await h.auth.context.db.selectFrom('session').select('token').where('userId', '=', userId).execute();
  return rows.map((r) => r.token).sort();
}

async function sessionUserId(client: TestClient): Promise<string | null> {
  const response = await client.get('/get-session?disableCookieCache=true');
  return response.body?.user.id ?? null;
}

/** A user signed in from two browsers. */
async function userWithTwoSessions(h: Harness) {
  const email = uniqueEmail('change');
  const { client, user, token } = await h.signUp(email, PASSWORD);
  const other = h.client();
  const signedIn = await other.post('/sign-in/email', { email, password: PASSWORD });
  expect(signedIn.status).toBe(200);
  return { email, user, client, other, tokens: [token as string, signedIn.body.token as string] };
}

describeEachDialect('POST /change-password', (h) => {
  it('without revokeOtherSessions replaces the password, answers {token: null, user} and keeps every session', async () => {
    const { email, user, client, other, tokens } = await userWithTwoSessions(h());
    const [before] = await credentialAccounts(h(), user.id);

    const response = await client.post('/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ token: null, user });
    expect(response.setCookies.has(TOKEN)).toBe(false);

    const [after] = await credentialAccounts(h(), user.id);
    expect(after!.password).not.toBe(before!.password);
    expect(after!.password).toMatch(/^\$argon2id\$/);
    expect((await signIn(h(), email, PASSWORD)).status).toBe(401);
    expect((await signIn(h(), email, NEW_PASSWORD)).status).toBe(200);

    expect(await sessionUserId(client)).toBe(user.id);
    expect(await sessionUserId(other)).toBe(user.id);
    expect(await sessionDigests(h(), user.id)).toEqual(expect.arrayContaining(tokens.map(sha256Hex)));
  });

  it('with revokeOtherSessions ends every session, the current one too, and signs the caller in anew', async () => {
    const { email, user, client, other } = await userWithTwoSessions(h());
    const stale = copyCookies(h(), client);

    const response = await client.post('/change-password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: true,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ token: expect.any(String), user });
    const newToken: string = response.body.token;
    expect(response.setCookies.get(TOKEN)?.value.startsWith(`${newToken}.`)).toBe(true);

    expect(await sessionDigests(h(), user.id)).toEqual([sha256Hex(newToken)]);
    expect(await sessionUserId(client)).toBe(user.id);
    expect(await sessionUserId(stale)).toBeNull();
    expect(await sessionUserId(other)).toBeNull();
    expect((await signIn(h(), email, NEW_PASSWORD)).status).toBe(200);
  });

  it('keeps the "don\'t remember me" choice in the session that replaces the current one', async () => {
    const email = uniqueEmail('forgetful');
    await h().signUp(email, PASSWORD);
    const client = h().client();
    expect((await client.post('/sign-in/email', { email, password: PASSWORD, rememberMe: false })).status).toBe(200);

    const response = await client.post('/change-password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: true,
    });
    expect(response.status).toBe(200);
    expect(response.setCookies.get(TOKEN)?.attributes['max-age']).toBeUndefined();
    expect(await sessionUserId(client)).not.toBeNull();
  });

  it('a wrong current password answers 400 INVALID_PASSWORD and changes nothing', async () => {
    const { email, user, client } = await userWithTwoSessions(h());
    const [before] = await credentialAccounts(h(), user.id);
    await expectNothingChanged(h(), async () => {
      const response = await client.post('/change-password', {
        currentPassword: 'not my password',
        newPassword: NEW_PASSWORD,
        revokeOtherSessions: true,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'INVALID_PASSWORD', message: 'Invalid password' });
    });
    expect((await credentialAccounts(h(), user.id))[0]!.password).toBe(before!.password);
    expect((await signIn(h(), email, PASSWORD)).status).toBe(200);
  });

  it('a new password too short or too long is refused with nothing changed', async () => {
    const { client, user } = await userWithTwoSessions(h());
    const [before] = await credentialAccounts(h(), user.id);
    await expectNothingChanged(h(), async () => {
      const short = await client.post('/change-password', { currentPassword: PASSWORD, newPassword: 'short' });
      expect(short.status).toBe(400);
      expect(short.body).toEqual({ code: 'PASSWORD_TOO_SHORT', message: 'Password too short' });
      const long = await client.post('/change-password', { currentPassword: PASSWORD, newPassword: 'x'.repeat(129) });
      expect(long.status).toBe(400);
      expect(long.body).toEqual({ code: 'PASSWORD_TOO_LONG', message: 'Password too long' });
    });
    expect((await credentialAccounts(h(), user.id))[0]!.password).toBe(before!.password);
  });

  it('answers 401 UNAUTHORIZED without a session', async () => {
    const response = await h()
      .client()
      .post('/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  });

  it('a user without a credential account gets 400 "Credential account not found"', async () => {
    const { client, user } = await h().signUp();
    await h().auth.context.db.deleteFrom('account').where('userId', '=', user.id).execute();
    const response = await client.post('/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'CREDENTIAL_ACCOUNT_NOT_FOUND', message: 'Credential account not found' });
    expect(await credentialAccounts(h(), user.id)).toEqual([]);
  });

  it("wrong current passwords count toward the account's sign-in lockout", async () => {
    const email = uniqueEmail('guessed');
    const { client } = await h().signUp(email, PASSWORD);
    for (let i = 0; i < 10; i++) {
      const response = await client.post('/change-password', {
        currentPassword: `guess number ${i}`,
        newPassword: NEW_PASSWORD,
      });
      expect(response.status).toBe(400);
    }
    expect(
      (await client.post('/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status,
    ).toBe(429);
    expect((await signIn(h(), email, PASSWORD)).status).toBe(429);
  });
});

describeEachDialect('auth.api.setPassword', (h, dialect) => {
  /** A signed-in user whose credential account is gone, as after signing up through a provider. */
  async function userWithoutPassword() {
    const email = uniqueEmail('no-password');
    const { client, user } = await h().signUp(email, PASSWORD);
    await h().auth.context.db.deleteFrom('account').where('userId', '=', user.id).execute();
    return { email, user, client, headers: { cookie: client.cookieHeader } };
  }

  it('gives a user without a password a credential account with it', async () => {
    const { user, headers } = await userWithoutPassword();
    expect(await h().auth.api.setPassword({ body: { newPassword: NEW_PASSWORD }, headers })).toEqual({ status: true });
    await expectPasswordSet(h(), user, NEW_PASSWORD);
  });

  // Guard: accounts.setPassword with onlyIfNone (db/account-store.ts) looks for a credential account and
  // inserts behind the user row's lock (lockedTransaction). Not on SQLite, where the one connection runs
  // each transaction alone whatever the lock.
  it.runIf(racesInTransactions(dialect))(
    'of 10 parallel calls for a user without a password, exactly one sets it: one credential account',
    async () => {
      const { user, headers } = await userWithoutPassword();
      // All ten reach the store together: otherwise their password hashes spread them out.
      const outcomes = await holdingCalls(h().auth.context.accounts, 'setPassword', 10, () =>
        Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            h()
              .auth.api.setPassword({ body: { newPassword: `${NEW_PASSWORD}-${i}` }, headers })
              .then(() => 'set')
              .catch((e: unknown) => (e instanceof AuthError ? e.code : 'unexpected')),
          ),
        ),
      );
      expect(outcomes.filter((o) => o === 'set')).toHaveLength(1);
      expect(outcomes.filter((o) => o === ERRORS.userAlreadyHasPassword.code)).toHaveLength(9);
      expect(await credentialAccounts(h(), user.id)).toHaveLength(1);
    },
  );

  it('refuses a user who already has a password with "user already has a password"', async () => {
    const { client, user } = await h().signUp(uniqueEmail('has-password'), PASSWORD);
    const [before] = await credentialAccounts(h(), user.id);
    const error = await h()
      .auth.api.setPassword({ body: { newPassword: NEW_PASSWORD }, headers: { cookie: client.cookieHeader } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      status: 400,
      code: ERRORS.userAlreadyHasPassword.code,
      message: 'user already has a password',
    });
    expect(await credentialAccounts(h(), user.id)).toEqual([before]);
  });

  it('refuses a password too short, and creates no account', async () => {
    const { user, headers } = await userWithoutPassword();
    const error = await h()
      .auth.api.setPassword({ body: { newPassword: 'short' }, headers })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'PASSWORD_TOO_SHORT' });
    expect(await credentialAccounts(h(), user.id)).toEqual([]);
  });

  it('needs a session: without a cookie it throws UNAUTHORIZED', async () => {
    const error = await h()
      .auth.api.setPassword({ body: { newPassword: NEW_PASSWORD } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('is not reachable over HTTP: POST /set-password answers 404 and creates nothing', async () => {
    const { user, client: signedIn } = await userWithoutPassword();
    for (const browser of [h().client(), signedIn]) {
      const response = await browser.post('/set-password', { newPassword: NEW_PASSWORD });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
    expect(await credentialAccounts(h(), user.id)).toEqual([]);
  });
});
