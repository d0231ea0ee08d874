/**
 * Revocation by an admin is immediate despite the cookie cache: whoever replays a copy of a
 * browser's cookies after an admin banned or removed the user, or revoked its sessions, gets
 * nothing from GET /get-session.
 */
import { expect, it } from 'vitest';
import { adminPlugin } from '../../..';
import { sha256Hex } from '../../../crypto/digest';
import { describeEachDialect, type Harness, type TestClient } from '../../../../test/support/harness';
import { expectReplayRefused, stealCookies } from '../../../../test/support/stolen-cookies';
import { signUpWithRole } from './support/admin-fixtures';

async function signUpAdmin(h: Harness): Promise<TestClient> {
  return (await signUpWithRole(h)).client;
}

/** Each way an admin ends a user's session(s), as the request that does it. */
const ENDINGS: [string, (user: { id: string }, token: string) => [string, Record<string, string>]][] = [
  ['bans the user', (user) => ['/admin/ban-user', { userId: user.id }]],
  ['revokes the session', (_, token) => ['/admin/revoke-user-session', { sessionToken: sha256Hex(token) }]],
  ["revokes all the user's sessions", (user) => ['/admin/revoke-user-sessions', { userId: user.id }]],
  ['removes the user', (user) => ['/admin/remove-user', { userId: user.id }]],
];

describeEachDialect(
  'a replayed cookie set dies with its session',
  (h) => {
    it.each(ENDINGS)('after an admin %s', async (_, ending) => {
      const admin = await signUpAdmin(h());
      const { client, user, token } = await h().signUp();
      const thief = await stealCookies(h(), client);
      expect((await admin.post(...ending(user, token))).status).toBe(200);
      await expectReplayRefused(thief);
    });
  },
  { plugins: [adminPlugin()] },
);
