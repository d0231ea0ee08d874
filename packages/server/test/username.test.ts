/**
 * The username plugin on every database: the fields of sign-up and update-user with their rules
 * and messages, uniqueness under parallel sign-ups, POST /sign-in/username with the guarantees of
 * e-mail sign-in (one 401 for unknown and wrong, throttling counted per account across its e-mail
 * and username, verification, refusal by a plugin),
 * POST /is-username-available, and a core engine without the plugin.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { expectError } from '../../../test/expect-error';
import { AuthError, DEFAULTS, defineErrors, definePluginSchema, usernamePlugin, type Plugin } from '../src';
import { sha256Hex } from '../src/crypto/digest';
import { randomString } from '../src/crypto/random';
import { isUniqueViolation } from '../src/db/unique-violation';
import { describeEachDialect, uniqueEmail, type Harness, type TestResponse } from './support/harness';
import { countRows } from './support/rows';

const PASSWORD = 'correct horse battery';
const WRONG = 'not the password';
const INVALID_CREDENTIALS = { code: 'INVALID_USERNAME_OR_PASSWORD', message: 'invalid username or password' };
const TAKEN = {
  code: 'USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER',
  message: 'username is already taken. please try another.',
};
const TOO_SHORT = { code: 'USERNAME_IS_TOO_SHORT', message: 'username is too short' };
const TOO_LONG = { code: 'USERNAME_IS_TOO_LONG', message: 'username is too long' };
const INVALID = { code: 'USERNAME_IS_INVALID', message: 'username is invalid' };
const TOO_MANY = { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' };
const INVALID_EMAIL_CREDENTIALS = { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' };

let counter = 0;
/** A username no other test uses, in mixed case. */
function uniqueUsername(prefix = 'user'): string {
  counter += 1;
  return `${prefix}_${counter}_${randomString(6)}`;
}

/** The user row as stored, plugin columns included. */
async function userRow(h: Harness, email: string): Promise<Record<string, unknown> | undefined> {
  return h.auth.context.db.selectFrom('user').selectAll().where('email', '=', email).executeTakeFirst();
}

async function usersWithUsername(h: Harness, username: string): Promise<Array<{ id: string; email: string }>> {
  return h.auth.context.db
    .selectFrom('user')
    .select(['id', 'email'])
    .where(sql.ref('username'), '=', username)
    .execute();
}

async function sessionsOf(h: Harness, userId: string) {
  return h.auth.context.db.selectFrom('session').selectAll().where('userId', '=', userId).execute();
}

function signUp(h: Harness, fields: Record<string, unknown>, email = uniqueEmail('uname')): Promise<TestResponse> {
  return h.client().post('/sign-up/email', { email, password: PASSWORD, name: 'Name', ...fields });
}

function signInEmail(h: Harness, email: string, password: string, ip?: string): Promise<TestResponse> {
  return h.client(ip).post('/sign-in/email', { email, password });
}

describeEachDialect(
  'username on sign-up',
  (h) => {
    it('stores the username lower-cased and displayUsername as typed, and answers both in sign-up and get-session', async () => {
      const email = uniqueEmail('signup');
      const typed = uniqueUsername('Grace.Hopper');
      const client = h().client();

      const response = await client.post('/sign-up/email', {
        email,
        password: PASSWORD,
        name: 'Grace',
        username: typed,
      });

      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({ email, username: typed.toLowerCase(), displayUsername: typed });
      expect(await userRow(h(), email)).toMatchObject({ username: typed.toLowerCase(), displayUsername: typed });
      const cached = await client.get('/get-session');
      const fromDatabase = await client.get('/get-session?disableCookieCache=true');
      expect(cached.body.user).toMatchObject({ username: typed.toLowerCase(), displayUsername: typed });
      expect(fromDatabase.body.user).toEqual(cached.body.user);
    });

    it('keeps a displayUsername given with the username as given', async () => {
      const email = uniqueEmail('display');
      const username = uniqueUsername('ada').toLowerCase();

      const response = await signUp(h(), { username, displayUsername: 'Ada Lovelace ✨' }, email);

      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({ username, displayUsername: 'Ada Lovelace ✨' });
      expect(await userRow(h(), email)).toMatchObject({ username, displayUsername: 'Ada Lovelace ✨' });
    });

    it('takes a displayUsername sent alone as the username too, as better-auth does, under the same rules', async () => {
      const email = uniqueEmail('alone');
      const typed = uniqueUsername('Alone');

      const response = await signUp(h(), { displayUsername: typed }, email);
      expect(response.status).toBe(200);
      expect(await userRow(h(), email)).toMatchObject({ username: typed.toLowerCase(), displayUsername: typed });

      const refusedEmail = uniqueEmail('alone-invalid');
      await expectError(await signUp(h(), { displayUsername: 'Has Spaces' }, refusedEmail), 400, INVALID);
      expect(await userRow(h(), refusedEmail)).toBeUndefined();
    });

    it('creates a user without a username when none is sent, both fields null', async () => {
      const email = uniqueEmail('nousername');
      const response = await signUp(h(), {}, email);
      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({ username: null, displayUsername: null });
      expect(await userRow(h(), email)).toMatchObject({ username: null, displayUsername: null });
    });

    it(`accepts usernames of ${DEFAULTS.minUsernameLength} and ${DEFAULTS.maxUsernameLength} characters of letters, digits, underscores and dots`, async () => {
      const short = 'A.9';
      const long = `Z_${randomString(DEFAULTS.maxUsernameLength - 3)}.`;
      expect(short).toHaveLength(DEFAULTS.minUsernameLength);
      expect(long).toHaveLength(DEFAULTS.maxUsernameLength);
      for (const typed of [short, long]) {
        const response = await signUp(h(), { username: typed });
        expect(response.status, typed).toBe(200);
        expect(response.body.user.username).toBe(typed.toLowerCase());
      }
    });

    for (const [label, typed, error] of [
      ['too short', 'ab', TOO_SHORT],
      ['empty', '', TOO_SHORT],
      ['too long', 'a'.repeat(DEFAULTS.maxUsernameLength + 1), TOO_LONG],
      ['made of a space', 'has space', INVALID],
      ['made of a dash', 'dash-ed', INVALID],
      ['made of an @', 'at@sign', INVALID],
      ['made of a letter outside ASCII', 'émile', INVALID],
    ] as const) {
      it(`answers 400 ${error.code} and creates no user for a username ${label}`, async () => {
        const email = uniqueEmail('rule');
        const users = await countRows(h(), 'user');

        await expectError(await signUp(h(), { username: typed }, email), 400, error);

        expect(await userRow(h(), email)).toBeUndefined();
        expect(await countRows(h(), 'user')).toBe(users);
      });
    }

    it('answers 400 with the taken message for a username already held, in the same or another case, and creates no user', async () => {
      const typed = uniqueUsername('Taken');
      const first = await signUp(h(), { username: typed });
      expect(first.status).toBe(200);

      for (const again of [typed, typed.toLowerCase(), typed.toUpperCase()]) {
        const email = uniqueEmail('taken');
        await expectError(await signUp(h(), { username: again }, email), 400, TAKEN);
        expect(await userRow(h(), email)).toBeUndefined();
      }
      expect(await usersWithUsername(h(), typed.toLowerCase())).toEqual([
        { id: first.body.user.id, email: first.body.user.email },
      ]);
    });

    it('creates exactly one user when 20 sign-ups with one username run in parallel; the others get the taken error', async () => {
      const username = uniqueUsername('race').toLowerCase();
      const emails = Array.from({ length: 20 }, () => uniqueEmail('race'));

      const responses = await Promise.all(emails.map((email) => signUp(h(), { username }, email)));

      const won = responses.filter((r) => r.status === 200);
      const lost = responses.filter((r) => r.status !== 200);
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(19);
      for (const response of lost) await expectError(response, 400, TAKEN);
      const holders = await usersWithUsername(h(), username);
      expect(holders).toEqual([{ id: won[0]!.body.user.id, email: won[0]!.body.user.email }]);
      const created = await h()
        .auth.context.db.selectFrom('user')
        .select('email')
        .where('email', 'in', emails)
        .execute();
      expect(created).toEqual([{ email: holders[0]!.email }]);
    });
  },
  { plugins: [usernamePlugin()] },
);

/**
 * The username plugin with its availability check held until `expected` sign-ups have all passed
 * it: every one of them then writes, and only the unique index can tell them apart.
 */
function pluginWithHeldCheck() {
  const base = usernamePlugin();
  let gate: { expected: number; arrived: number; open: () => void; opened: Promise<void> } | null = null;
  const plugin: Plugin = {
    ...base,
    hooks: {
      async userInput(input, context) {
        const columns = await base.hooks!.userInput!(input, context);
        if (gate && gate.arrived < gate.expected) {
          gate.arrived += 1;
          if (gate.arrived === gate.expected) gate.open();
          await gate.opened;
        }
        return columns;
      },
    },
  };
  const holdFor = (expected: number) => {
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    gate = { expected, arrived: 0, open, opened };
  };
  return { plugin, holdFor };
}

const held = pluginWithHeldCheck();

describeEachDialect(
  'username uniqueness decided by the database',
  (h) => {
    it('creates one user when 20 parallel sign-ups with one username all pass the check before any writes; the others get the taken error', async () => {
      const username = uniqueUsername('held').toLowerCase();
      const emails = Array.from({ length: 20 }, () => uniqueEmail('held'));
      held.holdFor(20);

      const responses = await Promise.all(emails.map((email) => signUp(h(), { username }, email)));

      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      for (const response of responses.filter((r) => r.status !== 200)) await expectError(response, 400, TAKEN);
      expect(await usersWithUsername(h(), username)).toHaveLength(1);
      expect(
        await h().auth.context.db.selectFrom('user').select('email').where('email', 'in', emails).execute(),
      ).toHaveLength(1);
    });

    it('refuses a second row with a username already stored, whatever wrote it', async () => {
      const username = uniqueUsername('index').toLowerCase();
      const insert = () => {
        const now = h().clock.now();
        const values = {
          id: randomString(32),
          name: 'I',
          email: uniqueEmail('index'),
          emailVerified: false,
          image: null,
          createdAt: now,
          updatedAt: now,
          username,
        };
        return h()
          .auth.context.db.insertInto('user')
          .values(values as never)
          .execute();
      };
      await insert();
      await expect(insert()).rejects.toSatisfy(isUniqueViolation);
    });
  },
  { plugins: [held.plugin] },
);

describeEachDialect(
  'username on update-user',
  (h) => {
    it('changes the username, stored lower-cased with displayUsername as typed, and frees the old one', async () => {
      const old = uniqueUsername('old');
      const email = uniqueEmail('update');
      const client = h().client();
      expect(
        (await client.post('/sign-up/email', { email, password: PASSWORD, name: 'U', username: old })).status,
      ).toBe(200);
      const typed = uniqueUsername('New.Name');

      const response = await client.post('/update-user', { username: typed });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: true });
      expect(await userRow(h(), email)).toMatchObject({ username: typed.toLowerCase(), displayUsername: typed });
      expect((await client.get('/get-session')).body.user).toMatchObject({
        username: typed.toLowerCase(),
        displayUsername: typed,
      });
      expect((await client.get('/get-session?disableCookieCache=true')).body.user).toMatchObject({
        username: typed.toLowerCase(),
      });
      expect((await h().client().post('/is-username-available', { username: old })).body).toEqual({ available: true });
    });

    it('keeps its own username when sent again in another case, updating only displayUsername', async () => {
      const typed = uniqueUsername('mine');
      const email = uniqueEmail('same');
      const client = h().client();
      await client.post('/sign-up/email', { email, password: PASSWORD, name: 'U', username: typed });

      const response = await client.post('/update-user', { username: typed.toUpperCase() });

      expect(response.status).toBe(200);
      expect(await userRow(h(), email)).toMatchObject({
        username: typed.toLowerCase(),
        displayUsername: typed.toUpperCase(),
      });
    });

    it('answers 400 with the taken message for a username another user holds, in any case, and changes nothing', async () => {
      const held = uniqueUsername('Held');
      await signUp(h(), { username: held });
      const mine = uniqueUsername('mine');
      const email = uniqueEmail('update-taken');
      const client = h().client();
      await client.post('/sign-up/email', { email, password: PASSWORD, name: 'U', username: mine });
      const before = await userRow(h(), email);

      for (const attempt of [held, held.toLowerCase(), held.toUpperCase()]) {
        await expectError(await client.post('/update-user', { username: attempt }), 400, TAKEN);
      }

      expect(await userRow(h(), email)).toEqual(before);
    });

    for (const [label, typed, error] of [
      ['too short', 'x', TOO_SHORT],
      ['too long', 'y'.repeat(DEFAULTS.maxUsernameLength + 1), TOO_LONG],
      ['invalid', 'no/slash', INVALID],
    ] as const) {
      it(`answers 400 ${error.code} for a username ${label} and changes nothing`, async () => {
        const email = uniqueEmail('update-rule');
        const client = h().client();
        await client.post('/sign-up/email', { email, password: PASSWORD, name: 'U', username: uniqueUsername('fine') });
        const before = await userRow(h(), email);

        await expectError(await client.post('/update-user', { username: typed }), 400, error);

        expect(await userRow(h(), email)).toEqual(before);
      });
    }
  },
  { plugins: [usernamePlugin()] },
);

describeEachDialect(
  'POST /sign-in/username',
  (h) => {
    async function signedUp(typed = uniqueUsername('Signer')) {
      const email = uniqueEmail('signin');
      const response = await signUp(h(), { username: typed }, email);
      expect(response.status).toBe(200);
      return { email, typed, user: response.body.user };
    }

    it('answers {redirect: false, token, user} with the username fields, sets the session cookie and stores a session', async () => {
      const { typed, user } = await signedUp();
      const client = h().client();

      const response = await client.post('/sign-in/username', { username: typed, password: PASSWORD });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ redirect: false, token: expect.any(String), user });
      expect(response.body.user).toMatchObject({ username: typed.toLowerCase(), displayUsername: typed });
      expect(response.setCookies.get('latchkey.session_token')?.value).toBeTruthy();
      expect(await sessionsOf(h(), user.id)).toHaveLength(2);
      expect((await client.get('/get-session')).body.user).toEqual(user);
    });

    it('signs in whatever the case of the typed username, and answers the url of a callbackURL', async () => {
      const { typed, user } = await signedUp();

      const response = await h()
        .client()
        .post('/sign-in/username', { username: typed.toUpperCase(), password: PASSWORD, callbackURL: '/home' });

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ redirect: true, url: '/home', user: { id: user.id } });
    });

    it('creates a short "don\'t remember" session when rememberMe is false', async () => {
      const { typed, user } = await signedUp();

      const response = await h()
        .client()
        .post('/sign-in/username', { username: typed, password: PASSWORD, rememberMe: false });

      expect(response.status).toBe(200);
      expect(response.setCookies.get('latchkey.dont_remember')?.value).toBeTruthy();
      const session = (await sessionsOf(h(), user.id)).find((s) => s.token === sha256Hex(response.body.token));
      expect(session!.expiresAt.getTime()).toBe(
        h().clock.now().getTime() + DEFAULTS.dontRememberSessionExpiresIn * 1000,
      );
    });

    it('answers 401 INVALID_USERNAME_OR_PASSWORD for a wrong password and creates no session', async () => {
      const { typed, user } = await signedUp();

      const response = await h().client().post('/sign-in/username', { username: typed, password: WRONG });

      await expectError(response, 401, INVALID_CREDENTIALS);
      expect(response.setCookies.size).toBe(0);
      expect(await sessionsOf(h(), user.id)).toHaveLength(1);
    });

    it('answers an unknown username and a wrong password with the same status, body and headers', async () => {
      const { typed } = await signedUp();
      const sessions = await countRows(h(), 'session');

      const wrong = await h().client().post('/sign-in/username', { username: typed, password: WRONG });
      const unknown = await h()
        .client()
        .post('/sign-in/username', { username: uniqueUsername('ghost'), password: WRONG });

      await expectError(unknown, 401, INVALID_CREDENTIALS);
      expect(unknown.status).toBe(wrong.status);
      expect(unknown.text).toBe(wrong.text);
      expect([...unknown.headers.entries()]).toEqual([...wrong.headers.entries()]);
      expect(await countRows(h(), 'session')).toBe(sessions);
    });

    it('answers 401 INVALID_USERNAME_OR_PASSWORD for a user with a username but no password', async () => {
      const db = h().auth.context.db;
      const username = uniqueUsername('social').toLowerCase();
      const now = h().clock.now();
      const id = randomString(32);
      await db
        .insertInto('user')
        .values({
          id,
          name: 'Social',
          email: uniqueEmail('social'),
          emailVerified: true,
          image: null,
          createdAt: now,
          updatedAt: now,
          username,
        } as never)
        .execute();

      await expectError(
        await h().client().post('/sign-in/username', { username, password: PASSWORD }),
        401,
        INVALID_CREDENTIALS,
      );
      expect(await sessionsOf(h(), id)).toHaveLength(0);
    });

    it('answers the rules before any lookup: 400 for a username too short, too long or invalid, 401 for an empty one', async () => {
      await expectError(
        await h().client().post('/sign-in/username', { username: 'ab', password: PASSWORD }),
        400,
        TOO_SHORT,
      );
      await expectError(
        await h()
          .client()
          .post('/sign-in/username', { username: 'c'.repeat(31), password: PASSWORD }),
        400,
        TOO_LONG,
      );
      await expectError(
        await h().client().post('/sign-in/username', { username: 'bad name', password: PASSWORD }),
        400,
        INVALID,
      );
      await expectError(
        await h().client().post('/sign-in/username', { username: '', password: PASSWORD }),
        401,
        INVALID_CREDENTIALS,
      );
    });

    it('answers 400 VALIDATION_ERROR naming the password when it is missing', async () => {
      const response = await h()
        .client()
        .post('/sign-in/username', { username: uniqueUsername('nopass') });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
      expect(response.body.details).toEqual([expect.objectContaining({ path: 'password' })]);
    });

    it('answers the 11th attempt after 10 wrong passwords with 429, even with the right password in another case', async () => {
      const { typed, user } = await signedUp();
      for (let i = 0; i < DEFAULTS.accountLockoutThreshold; i++) {
        await expectError(
          await h().client(`198.51.100.${i}`).post('/sign-in/username', { username: typed, password: WRONG }),
          401,
          INVALID_CREDENTIALS,
        );
      }

      const locked = await h()
        .client('198.51.100.99')
        .post('/sign-in/username', { username: typed.toUpperCase(), password: PASSWORD });

      await expectError(locked, 429, TOO_MANY);
      expect(locked.headers.get('x-retry-after')).toBe('1');
      expect(await sessionsOf(h(), user.id)).toHaveLength(1);
      h().clock.advance(1);
      expect((await h().client().post('/sign-in/username', { username: typed, password: PASSWORD })).status).toBe(200);
    });

    it('throttles an unknown username exactly like an existing one', async () => {
      const { typed } = await signedUp();
      const run = async (username: string) => {
        const seen: Array<[number, string, string | null]> = [];
        for (let i = 0; i <= DEFAULTS.accountLockoutThreshold; i++) {
          const response = await h().client().post('/sign-in/username', { username, password: WRONG });
          seen.push([response.status, response.text, response.headers.get('x-retry-after')]);
        }
        return seen;
      };
      const known = await run(typed);
      const unknown = await run(uniqueUsername('nobody'));
      expect(unknown).toEqual(known);
      expect(unknown.at(-1)).toEqual([429, JSON.stringify(TOO_MANY), '1']);
    });

    it("answers a username sign-in with 429 after 10 wrong passwords through the account's e-mail, even with the right password", async () => {
      const { email, typed, user } = await signedUp();
      for (let i = 0; i < DEFAULTS.accountLockoutThreshold; i++) {
        await expectError(await signInEmail(h(), email, WRONG, `198.51.100.${i}`), 401, INVALID_EMAIL_CREDENTIALS);
      }

      const locked = await h()
        .client('198.51.100.99')
        .post('/sign-in/username', { username: typed, password: PASSWORD });

      await expectError(locked, 429, TOO_MANY);
      expect(locked.headers.get('x-retry-after')).toBe('1');
      expect(await sessionsOf(h(), user.id)).toHaveLength(1);
      h().clock.advance(1);
      expect((await h().client().post('/sign-in/username', { username: typed, password: PASSWORD })).status).toBe(200);
    });

    it("answers an e-mail sign-in with 429 after 10 wrong passwords through the account's username, even with the right password", async () => {
      const { email, typed, user } = await signedUp();
      for (let i = 0; i < DEFAULTS.accountLockoutThreshold; i++) {
        await expectError(
          await h().client(`198.51.100.${i}`).post('/sign-in/username', { username: typed, password: WRONG }),
          401,
          INVALID_CREDENTIALS,
        );
      }

      const locked = await signInEmail(h(), email, PASSWORD, '198.51.100.99');

      await expectError(locked, 429, TOO_MANY);
      expect(locked.headers.get('x-retry-after')).toBe('1');
      expect(await sessionsOf(h(), user.id)).toHaveLength(1);
      h().clock.advance(1);
      expect((await signInEmail(h(), email, PASSWORD)).status).toBe(200);
    });

    it('counts wrong passwords through the e-mail and the username of one account together: five of each lock it', async () => {
      const { email, typed } = await signedUp();
      for (let i = 0; i < DEFAULTS.accountLockoutThreshold / 2; i++) {
        await expectError(await signInEmail(h(), email, WRONG), 401, INVALID_EMAIL_CREDENTIALS);
        await expectError(
          await h().client().post('/sign-in/username', { username: typed, password: WRONG }),
          401,
          INVALID_CREDENTIALS,
        );
      }

      await expectError(await signInEmail(h(), email, PASSWORD), 429, TOO_MANY);
      await expectError(
        await h().client().post('/sign-in/username', { username: typed, password: PASSWORD }),
        429,
        TOO_MANY,
      );
    });

    it('still locks an unknown username and an unknown e-mail after 10 failures each, and neither counts toward the other', async () => {
      const username = uniqueUsername('nobody');
      const email = uniqueEmail('nobody');
      for (let i = 0; i < DEFAULTS.accountLockoutThreshold - 1; i++) {
        await expectError(
          await h().client().post('/sign-in/username', { username, password: WRONG }),
          401,
          INVALID_CREDENTIALS,
        );
        await expectError(await signInEmail(h(), email, WRONG), 401, INVALID_EMAIL_CREDENTIALS);
      }
      await expectError(
        await h().client().post('/sign-in/username', { username, password: WRONG }),
        401,
        INVALID_CREDENTIALS,
      );
      await expectError(await h().client().post('/sign-in/username', { username, password: WRONG }), 429, TOO_MANY);

      await expectError(await signInEmail(h(), email, WRONG), 401, INVALID_EMAIL_CREDENTIALS);
      const locked = await signInEmail(h(), email, WRONG);
      await expectError(locked, 429, TOO_MANY);
      expect(locked.headers.get('x-retry-after')).toBe('1');
    });
  },
  { plugins: [usernamePlugin()] },
);

describeEachDialect(
  'POST /is-username-available',
  (h) => {
    it('answers available: true for a free username and false for a held one, in any case', async () => {
      const typed = uniqueUsername('Avail');
      const client = h().client();
      expect((await client.post('/is-username-available', { username: typed })).body).toEqual({ available: true });
      await signUp(h(), { username: typed });

      for (const asked of [typed, typed.toLowerCase(), typed.toUpperCase()]) {
        const response = await client.post('/is-username-available', { username: asked });
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ available: false });
      }
    });

    it('answers a username the rules refuse with the rule error, and an empty one with USERNAME_IS_INVALID', async () => {
      const client = h().client();
      await expectError(await client.post('/is-username-available', { username: 'ab' }), 400, TOO_SHORT);
      await expectError(await client.post('/is-username-available', { username: 'd'.repeat(31) }), 400, TOO_LONG);
      await expectError(await client.post('/is-username-available', { username: 'white space' }), 400, INVALID);
      await expectError(await client.post('/is-username-available', { username: '' }), 400, INVALID);
    });
  },
  { plugins: [usernamePlugin()] },
);

describeEachDialect(
  'username length options',
  (h) => {
    it('applies configured minimum and maximum lengths to sign-up, sign-in and availability', async () => {
      await expectError(await signUp(h(), { username: 'abcd' }), 400, TOO_SHORT);
      await expectError(await signUp(h(), { username: 'abcdefghi' }), 400, TOO_LONG);
      await expectError(
        await h().client().post('/sign-in/username', { username: 'abcd', password: PASSWORD }),
        400,
        TOO_SHORT,
      );
      expect((await h().client().post('/is-username-available', { username: 'abcdefgh' })).body).toEqual({
        available: true,
      });
    });
  },
  { plugins: [usernamePlugin({ minUsernameLength: 5, maxUsernameLength: 8 })] },
);

describeEachDialect(
  'sign-in/username when e-mails must be verified',
  (h) => {
    it('answers 403 EMAIL_NOT_VERIFIED and mails a link after the right password, 401 after a wrong one, and signs in once verified', async () => {
      const email = uniqueEmail('verify');
      const typed = uniqueUsername('verify');
      const signedUp = await signUp(h(), { username: typed }, email);
      expect(signedUp.body).toMatchObject({ token: null });
      await h().mail.waitFor(email);

      await expectError(
        await h().client().post('/sign-in/username', { username: typed, password: WRONG }),
        401,
        INVALID_CREDENTIALS,
      );
      expect(h().mail.to(email)).toHaveLength(1);

      const unverified = await h()
        .client()
        .post('/sign-in/username', { username: typed, password: PASSWORD, callbackURL: '/welcome' });
      await expectError(unverified, 403, { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' });
      expect(unverified.setCookies.size).toBe(0);
      const link = await h().mail.waitFor(email, { skip: 1 });
      expect(new URL(link.links[0]!).searchParams.get('callbackURL')).toBe('/welcome');
      expect(await sessionsOf(h(), signedUp.body.user.id)).toHaveLength(0);

      await h().auth.context.users.update(signedUp.body.user.id, { emailVerified: true, updatedAt: h().clock.now() });
      expect((await h().client().post('/sign-in/username', { username: typed, password: PASSWORD })).status).toBe(200);
    });
  },
  { plugins: [usernamePlugin()], emailAndPassword: { requireEmailVerification: true } },
);

const refusal = defineErrors({ refused: [403, 'You are refused'] });
/** The username plugin's column, as another plugin reads it. */
const withUsername = definePluginSchema()({ user: { username: 'string' } });
/** Refuses sessions to users whose username starts with `refused`, as the admin plugin's ban will. */
const refusingPlugin: Plugin = {
  id: 'test-refusal',
  hooks: {
    async beforeCreateSession(user) {
      if (withUsername.user(user).username?.startsWith('refused')) throw new AuthError(refusal.refused);
    },
  },
};

describeEachDialect(
  'sign-in/username refused by a plugin',
  (h) => {
    it('answers the refusal after the right password, 401 after a wrong one, and creates no session', async () => {
      const email = uniqueEmail('refused');
      const username = uniqueUsername('refused');
      expect((await signUp(h(), { username }, email)).status).toBe(403);
      const user = await userRow(h(), email);

      await expectError(
        await h().client().post('/sign-in/username', { username, password: WRONG }),
        401,
        INVALID_CREDENTIALS,
      );
      await expectError(await h().client().post('/sign-in/username', { username, password: PASSWORD }), 403, {
        code: 'YOU_ARE_REFUSED',
        message: 'You are refused',
      });
      await expectError(await h().client().post('/sign-in/email', { email, password: PASSWORD }), 403, {
        code: 'YOU_ARE_REFUSED',
        message: 'You are refused',
      });
      expect(await sessionsOf(h(), user!.id as string)).toHaveLength(0);
    });
  },
  { plugins: [usernamePlugin(), refusingPlugin] },
);

describeEachDialect('an engine without the username plugin', (h) => {
  it('strips a username sent to sign-up, stores no such column and has no username routes', async () => {
    const email = uniqueEmail('core');

    const response = await signUp(h(), { username: 'someone', displayUsername: 'Someone' }, email);

    expect(response.status).toBe(200);
    expect(response.body.user).not.toHaveProperty('username');
    expect(response.body.user).not.toHaveProperty('displayUsername');
    const row = await userRow(h(), email);
    expect(row).toBeDefined();
    expect(Object.keys(row!)).not.toContain('username');
    expect((await h().client().post('/sign-in/username', { username: 'someone', password: PASSWORD })).status).toBe(
      404,
    );
    expect((await h().client().post('/is-username-available', { username: 'someone' })).status).toBe(404);
  });
});
