import { expect, it } from 'vitest';
import { sha256Hex } from '../src/crypto/digest';
import { describeEachDialect, uniqueEmail, type Harness } from './support/harness';
import { countRows, sessionsOf } from './support/rows';
import { expectInvalidBody } from './support/invalid-body';

const ARGON2ID_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';
const PASSWORD = 'correct horse battery';

async function usersWithEmail(h: Harness, email: string) {
  return h.auth.context.db.selectFrom('user').selectAll().where('email', '=', email).execute();
}

async function credentialAccounts(h: Harness, userId: string) {
  return h.auth.context.db.selectFrom('account').selectAll().where('userId', '=', userId).execute();
}

/** Runs `attempt` and checks that no user, account or session row was added by it. */
async function expectNothingStored(h: Harness, attempt: () => Promise<void>): Promise<void> {
  const before = await Promise.all([countRows(h, 'user'), countRows(h, 'account'), countRows(h, 'session')]);
  await attempt();
  const after = await Promise.all([countRows(h, 'user'), countRows(h, 'account'), countRows(h, 'session')]);
  expect(after).toEqual(before);
}

describeEachDialect('POST /sign-up/email', (h) => {
  it('creates the user, answers {token, user} and signs the new user in with a session cookie', async () => {
    const email = uniqueEmail('new');
    const response = await h().client().post('/sign-up/email', { email, password: PASSWORD, name: 'Ada Lovelace' });

    expect(response.status).toBe(200);
    const now = h().clock.now().toISOString();
    expect(response.body).toEqual({
      token: expect.any(String),
      user: {
        id: expect.any(String),
        name: 'Ada Lovelace',
        email,
        emailVerified: false,
        image: null,
        // No Accept-Language, no language in the body: none stored (user-language.test.ts).
        language: null,
        createdAt: now,
        updatedAt: now,
      },
    });
    expect(response.body.token.length).toBeGreaterThanOrEqual(32);
    expect(response.setCookies.get('latchkey.session_token')?.value).toBeTruthy();

    const [row, ...others] = await usersWithEmail(h(), email);
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({ id: response.body.user.id, name: 'Ada Lovelace', email, image: null });
    expect(row!.emailVerified).toBe(false);
    expect(row!.createdAt.toISOString()).toBe(now);
  });

  it('stores the e-mail lower-cased and answers with the lower-cased e-mail', async () => {
    const typed = `Mixed.Case-${Date.now()}@Example.COM`;
    const response = await h().client().post('/sign-up/email', { email: typed, password: PASSWORD, name: 'Case' });

    expect(response.status).toBe(200);
    expect(response.body.user.email).toBe(typed.toLowerCase());
    expect(await usersWithEmail(h(), typed.toLowerCase())).toHaveLength(1);
    if (h().dialect !== 'mysql') expect(await usersWithEmail(h(), typed)).toHaveLength(0);
  });

  it('creates a credential account whose password is an Argon2id hash, never the password', async () => {
    const email = uniqueEmail('argon');
    const response = await h().client().post('/sign-up/email', { email, password: PASSWORD, name: 'Argon' });
    expect(response.status).toBe(200);
    const userId = response.body.user.id;

    const accounts = await credentialAccounts(h(), userId);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ providerId: 'credential', accountId: userId, userId });
    expect(accounts[0]!.password!.startsWith(ARGON2ID_PREFIX)).toBe(true);
    expect(accounts[0]!.password).not.toContain(PASSWORD);
  });

  it('creates a session row holding only the SHA-256 digest of the returned token', async () => {
    const email = uniqueEmail('session');
    const response = await h().client().post('/sign-up/email', { email, password: PASSWORD, name: 'Session' });
    expect(response.status).toBe(200);

    const sessions = await sessionsOf(h(), response.body.user.id);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.token).toBe(sha256Hex(response.body.token));
    expect(sessions[0]!.token).not.toBe(response.body.token);
    expect(sessions[0]!.ipAddress).toBe('203.0.113.10');
    expect(sessions[0]!.expiresAt.getTime()).toBe(h().clock.now().getTime() + 7 * 24 * 3600 * 1000);
  });

  it('ignores role, emailVerified, banned, id and createdAt sent by the client and stores the defaults', async () => {
    const email = uniqueEmail('sneaky');
    const response = await h().client().post('/sign-up/email', {
      email,
      password: PASSWORD,
      name: 'Sneaky',
      role: 'admin',
      emailVerified: true,
      banned: true,
      id: 'chosen-by-the-client',
      createdAt: '2000-01-01T00:00:00.000Z',
      updatedAt: '2000-01-01T00:00:00.000Z',
    });

    expect(response.status).toBe(200);
    const now = h().clock.now().toISOString();
    expect(response.body.user).toMatchObject({ email, emailVerified: false, createdAt: now, updatedAt: now });
    expect(response.body.user.id).not.toBe('chosen-by-the-client');
    expect(response.body.user.role ?? 'user').toBe('user');
    expect(response.body.user.banned ?? false).toBe(false);

    const [row] = await usersWithEmail(h(), email);
    const stored = row as Record<string, unknown>;
    expect(stored.id).toBe(response.body.user.id);
    expect(row!.emailVerified).toBe(false);
    expect(row!.createdAt.toISOString()).toBe(now);
    expect(stored.role ?? 'user').toBe('user');
    expect(stored.banned ?? false).toBe(false);
    const chosen = await h()
      .auth.context.db.selectFrom('user')
      .select('id')
      .where('id', '=', 'chosen-by-the-client')
      .execute();
    expect(chosen).toHaveLength(0);
  });

  it('stores an image URL when one is given', async () => {
    const email = uniqueEmail('image');
    const image = 'https://cdn.example.com/avatar.png';
    const response = await h().client().post('/sign-up/email', { email, password: PASSWORD, name: 'Pic', image });

    expect(response.status).toBe(200);
    expect(response.body.user.image).toBe(image);
    expect((await usersWithEmail(h(), email))[0]?.image).toBe(image);
  });

  for (const [label, email] of [
    ['a full-width ＠', 'alice\uff20example.com'],
    ['a comma-separated list', 'alice@example.com,bob@example.com'],
    ['no domain', 'alice@'],
    ['no at sign', 'alice.example.com'],
    ['an empty string', ''],
  ] as const) {
    it(`answers 400 INVALID_EMAIL for an e-mail with ${label} and stores nothing`, async () => {
      await expectNothingStored(h(), async () => {
        const response = await h().client().post('/sign-up/email', { email, password: PASSWORD, name: 'Bad' });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ code: 'INVALID_EMAIL', message: 'Invalid email' });
      });
    });
  }

  it('answers 400 PASSWORD_TOO_SHORT for a 7-character password and stores nothing', async () => {
    const email = uniqueEmail('short');
    await expectNothingStored(h(), async () => {
      const response = await h().client().post('/sign-up/email', { email, password: '1234567', name: 'Short' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'PASSWORD_TOO_SHORT', message: 'Password too short' });
    });
    expect(await usersWithEmail(h(), email)).toHaveLength(0);
  });

  it('answers 400 PASSWORD_TOO_LONG for a 129-character password and stores nothing', async () => {
    const email = uniqueEmail('long');
    await expectNothingStored(h(), async () => {
      const response = await h()
        .client()
        .post('/sign-up/email', { email, password: 'x'.repeat(129), name: 'Long' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'PASSWORD_TOO_LONG', message: 'Password too long' });
    });
    expect(await usersWithEmail(h(), email)).toHaveLength(0);
  });

  it('accepts passwords of exactly 8 and exactly 128 characters', async () => {
    for (const password of ['12345678', 'y'.repeat(128)]) {
      const email = uniqueEmail('bounds');
      const response = await h().client().post('/sign-up/email', { email, password, name: 'Bounds' });
      expect(response.status, `length ${password.length}`).toBe(200);
      expect(await usersWithEmail(h(), email)).toHaveLength(1);
    }
  });

  it('counts a decomposed é as one character, so seven of them are too short', async () => {
    const email = uniqueEmail('decomposed');
    const password = 'e\u0301'.repeat(7);
    expect(password.length).toBe(14);
    const response = await h().client().post('/sign-up/email', { email, password, name: 'Accents' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'PASSWORD_TOO_SHORT', message: 'Password too short' });
    expect(await usersWithEmail(h(), email)).toHaveLength(0);
  });

  it('answers 422 USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL for a taken e-mail and leaves the first account untouched', async () => {
    const email = uniqueEmail('taken');
    const first = await h().signUp(email, PASSWORD);
    const [accountBefore] = await credentialAccounts(h(), first.user.id);

    await expectNothingStored(h(), async () => {
      const response = await h()
        .client()
        .post('/sign-up/email', { email, password: 'another password', name: 'Second' });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
        message: 'User already exists. Use another email.',
      });
      expect(response.setCookies.size).toBe(0);
    });

    const [accountAfter] = await credentialAccounts(h(), first.user.id);
    expect(accountAfter!.password).toBe(accountBefore!.password);
    const users = await usersWithEmail(h(), email);
    expect(users).toHaveLength(1);
    expect(users[0]!.name).toBe('Test User');
  });

  it('answers 422 USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL when the e-mail differs only in case', async () => {
    const email = uniqueEmail('casetaken');
    await h().signUp(email, PASSWORD);

    await expectNothingStored(h(), async () => {
      const response = await h()
        .client()
        .post('/sign-up/email', { email: email.toUpperCase(), password: PASSWORD, name: 'Upper' });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
        message: 'User already exists. Use another email.',
      });
    });
  });

  it('answers 400 VALIDATION_ERROR naming the email field for an e-mail over 254 characters and stores nothing', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`;
    expect(email.length).toBe(255);
    await expectNothingStored(h(), async () => {
      const response = await h().client().post('/sign-up/email', { email, password: PASSWORD, name: 'Long mail' });
      expectInvalidBody(response, ['email']);
    });
  });

  it('answers 400 VALIDATION_ERROR naming the name field for a name over 256 characters and stores nothing', async () => {
    const email = uniqueEmail('longname');
    await expectNothingStored(h(), async () => {
      const response = await h()
        .client()
        .post('/sign-up/email', { email, password: PASSWORD, name: 'n'.repeat(257) });
      expectInvalidBody(response, ['name']);
    });
    expect(await usersWithEmail(h(), email)).toHaveLength(0);
  });

  it('accepts a name of exactly 256 characters and stores it whole', async () => {
    const email = uniqueEmail('maxname');
    const name = 'n'.repeat(256);
    const response = await h().client().post('/sign-up/email', { email, password: PASSWORD, name });
    expect(response.status).toBe(200);
    expect((await usersWithEmail(h(), email))[0]?.name).toBe(name);
  });

  it('answers 400 VALIDATION_ERROR naming the image field for an image URL over 2048 characters and stores nothing', async () => {
    const email = uniqueEmail('longimage');
    const image = 'https://cdn.example.com/' + 'i'.repeat(2025);
    expect(image.length).toBe(2049);
    await expectNothingStored(h(), async () => {
      const response = await h().client().post('/sign-up/email', { email, password: PASSWORD, name: 'Image', image });
      expectInvalidBody(response, ['image']);
    });
    expect(await usersWithEmail(h(), email)).toHaveLength(0);
  });

  it('answers 400 VALIDATION_ERROR naming every missing field of an empty body', async () => {
    await expectNothingStored(h(), async () => {
      const response = await h().client().post('/sign-up/email', {});
      expectInvalidBody(response, ['email', 'name', 'password']);
    });
  });

  // Guard: the unique index on user.email (db/migrations/0001-core.ts): the existence check before hashing passes for all 20.
  it('creates exactly one user when 20 sign-ups with one e-mail arrive at once; the other 19 get 422', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h()
          .client(`198.51.100.${i + 1}`)
          .post('/sign-up/email', { email, password: `${PASSWORD} ${i}`, name: `Racer ${i}` }),
      ),
    );

    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(422)]);
    for (const loser of responses.filter((r) => r.status === 422)) {
      expect(loser.body).toEqual({
        code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
        message: 'User already exists. Use another email.',
      });
    }
    const users = await usersWithEmail(h(), email);
    expect(users).toHaveLength(1);
    const winner = responses.find((r) => r.status === 200)!;
    expect(users[0]!.id).toBe(winner.body.user.id);
    expect(await credentialAccounts(h(), users[0]!.id)).toHaveLength(1);
    expect(await sessionsOf(h(), users[0]!.id)).toHaveLength(1);
  });
});

describeEachDialect(
  'POST /sign-up/email with configured password lengths',
  (h) => {
    it('answers PASSWORD_TOO_SHORT below the configured minimum of 12', async () => {
      const email = uniqueEmail('min12');
      const response = await h()
        .client()
        .post('/sign-up/email', { email, password: 'x'.repeat(11), name: 'Min' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'PASSWORD_TOO_SHORT', message: 'Password too short' });
      expect(await usersWithEmail(h(), email)).toHaveLength(0);
    });

    it('answers PASSWORD_TOO_LONG above the configured maximum of 20', async () => {
      const email = uniqueEmail('max20');
      const response = await h()
        .client()
        .post('/sign-up/email', { email, password: 'x'.repeat(21), name: 'Max' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'PASSWORD_TOO_LONG', message: 'Password too long' });
      expect(await usersWithEmail(h(), email)).toHaveLength(0);
    });

    it('accepts passwords of exactly the configured minimum and maximum', async () => {
      for (const password of ['x'.repeat(12), 'x'.repeat(20)]) {
        const email = uniqueEmail('configured');
        const response = await h().client().post('/sign-up/email', { email, password, name: 'Configured' });
        expect(response.status, `length ${password.length}`).toBe(200);
        expect(await usersWithEmail(h(), email)).toHaveLength(1);
      }
    });

    it('refuses an 8-character password once the minimum is configured to 12', async () => {
      const email = uniqueEmail('eight');
      const response = await h().client().post('/sign-up/email', { email, password: '12345678', name: 'Eight' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'PASSWORD_TOO_SHORT', message: 'Password too short' });
    });
  },
  { emailAndPassword: { minPasswordLength: 12, maxPasswordLength: 20 } },
);

describeEachDialect(
  'POST /sign-up/email without auto sign-in',
  (h) => {
    it('creates the user and its credential account but no session, and answers token null', async () => {
      const email = uniqueEmail('noauto');
      const response = await h().client().post('/sign-up/email', { email, password: PASSWORD, name: 'No Auto' });

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ token: null, user: { email, emailVerified: false } });
      expect(response.setCookies.has('latchkey.session_token')).toBe(false);
      const [user] = await usersWithEmail(h(), email);
      expect(await credentialAccounts(h(), user!.id)).toHaveLength(1);
      expect(await sessionsOf(h(), user!.id)).toHaveLength(0);
    });
  },
  { emailAndPassword: { autoSignIn: false } },
);

describeEachDialect(
  'POST /sign-up/email with e-mail and password turned off',
  (h) => {
    it('answers 400 EMAIL_AND_PASSWORD_IS_NOT_ENABLED and stores nothing', async () => {
      await expectNothingStored(h(), async () => {
        const response = await h()
          .client()
          .post('/sign-up/email', { email: uniqueEmail('off'), password: PASSWORD, name: 'Off' });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          code: 'EMAIL_AND_PASSWORD_IS_NOT_ENABLED',
          message: 'Email and password is not enabled',
        });
      });
    });
  },
  { emailAndPassword: { enabled: false } },
);
