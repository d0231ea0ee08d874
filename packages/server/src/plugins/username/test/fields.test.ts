/**
 * The username fields of sign-up and update-user on every database: the username stored
 * lower-cased with displayUsername as typed (and answered by get-session), the rules and their
 * messages, a username held by another user refused in any case, and one's own kept.
 */
import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { USERNAME_DEFAULTS, usernamePlugin } from '../../..';
import { randomString } from '../../../crypto/random';
import { describeEachDialect, uniqueEmail } from '../../../../test/support/harness';
import { countRows } from '../../../../test/support/rows';
import { PASSWORD, REFUSED, signUp, uniqueUsername, userRow, usersWithUsername } from './support/username-fixtures';

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
      await expectError(await signUp(h(), { displayUsername: 'Has Spaces' }, refusedEmail), 400, REFUSED.invalid);
      expect(await userRow(h(), refusedEmail)).toBeUndefined();
    });

    it('creates a user without a username when none is sent, both fields null', async () => {
      const email = uniqueEmail('nousername');
      const response = await signUp(h(), {}, email);
      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({ username: null, displayUsername: null });
      expect(await userRow(h(), email)).toMatchObject({ username: null, displayUsername: null });
    });

    it(`accepts usernames of ${USERNAME_DEFAULTS.minUsernameLength} and ${USERNAME_DEFAULTS.maxUsernameLength} characters of letters, digits, underscores and dots`, async () => {
      const short = 'A.9';
      const long = `Z_${randomString(USERNAME_DEFAULTS.maxUsernameLength - 3)}.`;
      expect(short).toHaveLength(USERNAME_DEFAULTS.minUsernameLength);
      expect(long).toHaveLength(USERNAME_DEFAULTS.maxUsernameLength);
      for (const typed of [short, long]) {
        const response = await signUp(h(), { username: typed });
        expect(response.status, typed).toBe(200);
        expect(response.body.user.username).toBe(typed.toLowerCase());
      }
    });

    for (const [label, typed, error] of [
      ['too short', 'ab', REFUSED.tooShort],
      ['empty', '', REFUSED.tooShort],
      ['too long', 'a'.repeat(USERNAME_DEFAULTS.maxUsernameLength + 1), REFUSED.tooLong],
      ['made of a space', 'has space', REFUSED.invalid],
      ['made of a dash', 'dash-ed', REFUSED.invalid],
      ['made of an @', 'at@sign', REFUSED.invalid],
      ['made of a letter outside ASCII', 'émile', REFUSED.invalid],
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
        await expectError(await signUp(h(), { username: again }, email), 400, REFUSED.taken);
        expect(await userRow(h(), email)).toBeUndefined();
      }
      expect(await usersWithUsername(h(), typed.toLowerCase())).toEqual([
        { id: first.body.user.id, email: first.body.user.email },
      ]);
    });

    // Guard: the unique index on user.username (plugins/username/schema.ts).
    it('creates exactly one user when 20 sign-ups with one username run in parallel; the others get the taken error', async () => {
      const username = uniqueUsername('race').toLowerCase();
      const emails = Array.from({ length: 20 }, () => uniqueEmail('race'));

      const responses = await Promise.all(emails.map((email) => signUp(h(), { username }, email)));

      const won = responses.filter((r) => r.status === 200);
      const lost = responses.filter((r) => r.status !== 200);
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(19);
      for (const response of lost) await expectError(response, 400, REFUSED.taken);
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
        await expectError(await client.post('/update-user', { username: attempt }), 400, REFUSED.taken);
      }

      expect(await userRow(h(), email)).toEqual(before);
    });

    for (const [label, typed, error] of [
      ['too short', 'x', REFUSED.tooShort],
      ['too long', 'y'.repeat(USERNAME_DEFAULTS.maxUsernameLength + 1), REFUSED.tooLong],
      ['invalid', 'no/slash', REFUSED.invalid],
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
