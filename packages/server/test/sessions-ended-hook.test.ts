/**
 * The plugins' `afterSessionsEnded` hook: every way a session ends tells them which sessions went
 * (their ids and users), once, after the rows are gone, and a hook that throws does not turn the
 * route into an error. The oauth-provider ends its session-bound tokens through it.
 */
import { beforeEach, expect, it } from 'vitest';
import { definePlugin, type EndedSession } from '../src/plugin';
import { describeEachDialect, type Harness } from './support/harness';

const PASSWORD = 'correct horse battery';

let told: { sessions: EndedSession[]; stillThere: number }[] = [];
let failing = false;
const listener = definePlugin({
  id: 'sessions-ended-listener',
  hooks: {
    afterSessionsEnded: async (sessions, auth) => {
      const ids = sessions.map((session) => session.id);
      // Through the host's own read: the rows must be gone by the time the plugin hears of them.
      const remaining = await Promise.all(sessions.map((s) => auth.sessions.listByUser(s.userId, auth.now())));
      const stillThere = remaining.flat().filter((session) => ids.includes(session.id)).length;
      told.push({ sessions: [...sessions], stillThere });
      if (failing) throw new Error('a plugin failed');
    },
  },
});

async function sessionIdsOf(h: Harness, userId: string): Promise<string[]> {
  const rows = await h.auth.context.db.selectFrom('session').select('id').where('userId', '=', userId).execute();
  return rows.map((row) => row.id).sort((a, b) => a.localeCompare(b));
}

/** One user signed in from three browsers. */
async function userWithThreeSessions(h: Harness) {
  const first = await h.signUp(undefined, PASSWORD);
  const email: string = first.user.email;
  const more = [];
  for (let i = 0; i < 2; i++) {
    const client = h.client();
    const response = await client.post('/sign-in/email', { email, password: PASSWORD });
    more.push({ client, token: response.body.token as string });
  }
  return { userId: first.user.id as string, sessions: [{ client: first.client, token: first.token }, ...more] };
}

function sorted(sessions: EndedSession[]): EndedSession[] {
  return [...sessions].sort((a, b) => a.id.localeCompare(b.id));
}

describeEachDialect(
  'the afterSessionsEnded hook',
  (h) => {
    beforeEach(() => {
      told = [];
      failing = false;
    });

    it('sign-out tells the plugins of the one session it ended, after its row is gone', async () => {
      const { client, user } = await h().signUp();
      const [id] = await sessionIdsOf(h(), user.id);
      expect((await client.post('/sign-out')).status).toBe(200);
      expect(told).toEqual([{ sessions: [{ id, userId: user.id }], stillThere: 0 }]);
    });

    it('revoke-sessions tells of every session of the user in one call', async () => {
      const { userId, sessions } = await userWithThreeSessions(h());
      const ids = await sessionIdsOf(h(), userId);
      await sessions[0]!.client.post('/revoke-sessions');
      expect(told).toHaveLength(1);
      expect(sorted(told[0]!.sessions)).toEqual(ids.map((id) => ({ id, userId })));
      expect(told[0]!.stillThere).toBe(0);
    });

    it('revoke-other-sessions tells of the others only, and revoke-session of the one it ended', async () => {
      const { userId, sessions } = await userWithThreeSessions(h());
      const before = await sessionIdsOf(h(), userId);
      await sessions[0]!.client.post('/revoke-session', { token: sessions[1]!.token });
      const afterOne = await sessionIdsOf(h(), userId);
      const [gone] = before.filter((id) => !afterOne.includes(id));
      expect(told).toEqual([{ sessions: [{ id: gone, userId }], stillThere: 0 }]);

      told = [];
      await sessions[0]!.client.post('/revoke-other-sessions');
      const [kept] = await sessionIdsOf(h(), userId);
      expect(told).toEqual([
        { sessions: afterOne.filter((id) => id !== kept).map((id) => ({ id, userId })), stillThere: 0 },
      ]);
    });

    it("deleting all the user's sessions through the store (a password reset, a ban) tells of each", async () => {
      const { userId } = await userWithThreeSessions(h());
      const ids = await sessionIdsOf(h(), userId);
      await h().auth.context.sessions.deleteByUser(userId);
      expect(sorted(told[0]!.sessions)).toEqual(ids.map((id) => ({ id, userId })));
    });

    it('tells nothing when no session was deleted (signing out twice, revoking an unknown token)', async () => {
      const { client, user } = await h().signUp();
      const [id] = await sessionIdsOf(h(), user.id);
      await h().auth.context.sessions.deleteById(id!, user.id);
      await h().auth.context.sessions.deleteById(id!, user.id);
      await h().auth.context.sessions.deleteByDigests(['no-such-digest']);
      expect(told).toHaveLength(1);
      expect((await client.post('/sign-out')).status).toBe(200);
      expect(told).toHaveLength(1);
    });

    it('a hook that throws is logged, and the sign-out still answers 200 with the session gone', async () => {
      failing = true;
      const { client, user } = await h().signUp();
      const response = await client.post('/sign-out');
      expect(response.status).toBe(200);
      expect(await sessionIdsOf(h(), user.id)).toEqual([]);
      expect(told).toHaveLength(1);
    });
  },
  { plugins: [listener], logger: { info() {}, warn() {}, error() {} } },
);
