/**
 * Whether a username can be had, on every database: one user per username when parallel sign-ups
 * all pass the plugin's check before any writes (the unique index decides), POST
 * /is-username-available, the configured length bounds everywhere, and a core engine without the
 * plugin.
 */
import { expect, it } from 'vitest';
import { expectError } from '../../../../../../test/expect-error';
import { usernamePlugin, type Plugin } from '../../..';
import { isUniqueViolation } from '../../../db/unique-violation';
import { describeEachDialect, uniqueEmail } from '../../../../test/support/harness';
import {
  insertUserWithUsername,
  PASSWORD,
  REFUSED,
  signInUsername,
  signUp,
  uniqueUsername,
  userRow,
  usersWithUsername,
} from './support/username-fixtures';

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
    // Guard: the unique index on user.username (plugins/username/schema.ts): the check has passed for all 20.
    it('creates one user when 20 parallel sign-ups with one username all pass the check before any writes; the others get the taken error', async () => {
      const username = uniqueUsername('held').toLowerCase();
      const emails = Array.from({ length: 20 }, () => uniqueEmail('held'));
      held.holdFor(20);

      const responses = await Promise.all(emails.map((email) => signUp(h(), { username }, email)));

      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      for (const response of responses.filter((r) => r.status !== 200)) await expectError(response, 400, REFUSED.taken);
      expect(await usersWithUsername(h(), username)).toHaveLength(1);
      expect(
        await h().auth.context.db.selectFrom('user').select('email').where('email', 'in', emails).execute(),
      ).toHaveLength(1);
    });

    it('refuses a second row with a username already stored, whatever wrote it', async () => {
      const username = uniqueUsername('index').toLowerCase();
      await insertUserWithUsername(h(), username);
      await expect(insertUserWithUsername(h(), username)).rejects.toSatisfy(isUniqueViolation);
    });
  },
  { plugins: [held.plugin] },
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
      await expectError(await client.post('/is-username-available', { username: 'ab' }), 400, REFUSED.tooShort);
      await expectError(
        await client.post('/is-username-available', { username: 'd'.repeat(31) }),
        400,
        REFUSED.tooLong,
      );
      await expectError(await client.post('/is-username-available', { username: 'white space' }), 400, REFUSED.invalid);
      await expectError(await client.post('/is-username-available', { username: '' }), 400, REFUSED.invalid);
    });
  },
  { plugins: [usernamePlugin()] },
);

describeEachDialect(
  'username length options',
  (h) => {
    it('applies configured minimum and maximum lengths to sign-up, sign-in and availability', async () => {
      await expectError(await signUp(h(), { username: 'abcd' }), 400, REFUSED.tooShort);
      await expectError(await signUp(h(), { username: 'abcdefghi' }), 400, REFUSED.tooLong);
      await expectError(await signInUsername(h(), 'abcd', PASSWORD), 400, REFUSED.tooShort);
      expect((await h().client().post('/is-username-available', { username: 'abcdefgh' })).body).toEqual({
        available: true,
      });
    });
  },
  { plugins: [usernamePlugin({ minUsernameLength: 5, maxUsernameLength: 8 })] },
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
    expect((await signInUsername(h(), 'someone', PASSWORD)).status).toBe(404);
    expect((await h().client().post('/is-username-available', { username: 'someone' })).status).toBe(404);
  });
});
