/**
 * POST /sign-in/username on every database, with the guarantees of e-mail sign-in: one 401 for an
 * unknown username and a wrong password, the rules answered before any lookup, and throttling
 * counted per account across its e-mail and its username.
 */
import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { DEFAULTS, ERRORS, usernamePlugin } from '../../..';
import { sha256Hex } from '../../../crypto/digest';
import { describeEachDialect, uniqueEmail, type TestResponse } from '../../../../test/support/harness';
import { expectLocked, TOO_MANY } from '../../../../test/support/lockout';
import { OFF_SITE_TARGETS } from '../../../../test/support/off-site-targets';
import { countRows, sessionsOf } from '../../../../test/support/rows';
import {
  insertUserWithUsername,
  PASSWORD,
  REFUSED,
  signInEmail,
  signInUsername,
  signUp,
  uniqueUsername,
  WRONG,
} from './support/username-fixtures';
import { expectInvalidBody } from '../../../../test/support/invalid-body';

describeEachDialect(
  'POST /sign-in/username',
  (h) => {
    /** The account's lock: a 429 to wait a second, no session; once the second passed, `retry` signs in. */
    async function expectLockedForASecond(locked: TestResponse, userId: string, retry: () => Promise<TestResponse>) {
      expectLocked(locked);
      expect(await sessionsOf(h(), userId)).toHaveLength(1);
      h().clock.advance(1);
      expect((await retry()).status).toBe(200);
    }

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

    it('refuses a callbackURL that resolves off the site (dot segments and their variants) with 403 Invalid callbackURL, creating no session', async () => {
      const { typed, user } = await signedUp();
      for (const [i, callbackURL] of OFF_SITE_TARGETS.entries()) {
        // A client address each: the strict rate limit of sign-in is not what is tested.
        const response = await h()
          .client(`198.51.100.${i + 1}`)
          .post('/sign-in/username', { username: typed, password: PASSWORD, callbackURL });
        await expectError(response, ERRORS.invalidCallbackURL);
        expect(response.setCookies.has('latchkey.session_token'), JSON.stringify(callbackURL)).toBe(false);
      }
      expect(await sessionsOf(h(), user.id)).toHaveLength(1);
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

      const response = await signInUsername(h(), typed, WRONG);

      await expectError(response, 401, REFUSED.invalidCredentials);
      expect(response.setCookies.size).toBe(0);
      expect(await sessionsOf(h(), user.id)).toHaveLength(1);
    });

    it('answers an unknown username and a wrong password with the same status, body and headers', async () => {
      const { typed } = await signedUp();
      const sessions = await countRows(h(), 'session');

      const wrong = await signInUsername(h(), typed, WRONG);
      const unknown = await signInUsername(h(), uniqueUsername('ghost'), WRONG);

      await expectError(unknown, 401, REFUSED.invalidCredentials);
      expect(unknown.status).toBe(wrong.status);
      expect(unknown.text).toBe(wrong.text);
      expect([...unknown.headers.entries()]).toEqual([...wrong.headers.entries()]);
      expect(await countRows(h(), 'session')).toBe(sessions);
    });

    it('answers 401 INVALID_USERNAME_OR_PASSWORD for a user with a username but no password', async () => {
      const username = uniqueUsername('social').toLowerCase();
      const id = await insertUserWithUsername(h(), username, true);

      await expectError(await signInUsername(h(), username, PASSWORD), 401, REFUSED.invalidCredentials);
      expect(await sessionsOf(h(), id)).toHaveLength(0);
    });

    it('answers the rules before any lookup: 400 for a username too short, too long or invalid, 401 for an empty one', async () => {
      await expectError(await signInUsername(h(), 'ab', PASSWORD), 400, REFUSED.tooShort);
      await expectError(await signInUsername(h(), 'c'.repeat(31), PASSWORD), 400, REFUSED.tooLong);
      await expectError(await signInUsername(h(), 'bad name', PASSWORD), 400, REFUSED.invalid);
      await expectError(await signInUsername(h(), '', PASSWORD), 401, REFUSED.invalidCredentials);
    });

    it('answers 400 VALIDATION_ERROR naming the password when it is missing', async () => {
      const response = await h()
        .client()
        .post('/sign-in/username', { username: uniqueUsername('nopass') });
      expectInvalidBody(response, ['password']);
    });

    it('answers the 11th attempt after 10 wrong passwords with 429, even with the right password in another case', async () => {
      const { typed, user } = await signedUp();
      for (let i = 0; i < DEFAULTS.accountLockoutThreshold; i++) {
        await expectError(await signInUsername(h(), typed, WRONG, `198.51.100.${i}`), 401, REFUSED.invalidCredentials);
      }

      const locked = await signInUsername(h(), typed.toUpperCase(), PASSWORD, '198.51.100.99');

      await expectLockedForASecond(locked, user.id, () => signInUsername(h(), typed, PASSWORD));
    });

    it('throttles an unknown username exactly like an existing one', async () => {
      const { typed } = await signedUp();
      const run = async (username: string) => {
        const seen: Array<[number, string, string | null]> = [];
        for (let i = 0; i <= DEFAULTS.accountLockoutThreshold; i++) {
          const response = await signInUsername(h(), username, WRONG);
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
        await expectError(
          await signInEmail(h(), email, WRONG, `198.51.100.${i}`),
          401,
          REFUSED.invalidEmailCredentials,
        );
      }

      const locked = await signInUsername(h(), typed, PASSWORD, '198.51.100.99');

      await expectLockedForASecond(locked, user.id, () => signInUsername(h(), typed, PASSWORD));
    });

    it("answers an e-mail sign-in with 429 after 10 wrong passwords through the account's username, even with the right password", async () => {
      const { email, typed, user } = await signedUp();
      for (let i = 0; i < DEFAULTS.accountLockoutThreshold; i++) {
        await expectError(await signInUsername(h(), typed, WRONG, `198.51.100.${i}`), 401, REFUSED.invalidCredentials);
      }

      const locked = await signInEmail(h(), email, PASSWORD, '198.51.100.99');

      await expectLockedForASecond(locked, user.id, () => signInEmail(h(), email, PASSWORD));
    });

    it('counts wrong passwords through the e-mail and the username of one account together: five of each lock it', async () => {
      const { email, typed } = await signedUp();
      for (let i = 0; i < DEFAULTS.accountLockoutThreshold / 2; i++) {
        await expectError(await signInEmail(h(), email, WRONG), 401, REFUSED.invalidEmailCredentials);
        await expectError(await signInUsername(h(), typed, WRONG), 401, REFUSED.invalidCredentials);
      }

      await expectError(await signInEmail(h(), email, PASSWORD), 429, TOO_MANY);
      await expectError(await signInUsername(h(), typed, PASSWORD), 429, TOO_MANY);
    });

    it('still locks an unknown username and an unknown e-mail after 10 failures each, and neither counts toward the other', async () => {
      const username = uniqueUsername('nobody');
      const email = uniqueEmail('nobody');
      for (let i = 0; i < DEFAULTS.accountLockoutThreshold - 1; i++) {
        await expectError(await signInUsername(h(), username, WRONG), 401, REFUSED.invalidCredentials);
        await expectError(await signInEmail(h(), email, WRONG), 401, REFUSED.invalidEmailCredentials);
      }
      await expectError(await signInUsername(h(), username, WRONG), 401, REFUSED.invalidCredentials);
      await expectError(await signInUsername(h(), username, WRONG), 429, TOO_MANY);

      await expectError(await signInEmail(h(), email, WRONG), 401, REFUSED.invalidEmailCredentials);
      const locked = await signInEmail(h(), email, WRONG);
      await expectError(locked, 429, TOO_MANY);
      expect(locked.headers.get('x-retry-after')).toBe('1');
    });
  },
  { plugins: [usernamePlugin()] },
);
