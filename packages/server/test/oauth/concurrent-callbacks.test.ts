/**
 * Callbacks that race for the same identity. The emulator holds GitHub's last answer until every
 * racing callback has asked for it, so they reach their database decisions together. The database
 * decides: one user per e-mail, one account row per (providerId, accountId) — an identity is never
 * attached to two users, and the loser of a race finds what the winner made.
 *
 * Guards: the unique index on user.email (db/migrations/0001-core.ts) and the one on
 * account(providerId, accountId) (db/migrations/0002-account-identity-unique.ts).
 */
import { afterAll, expect, it } from 'vitest';
import { describeEachDialect, uniqueEmail, type Harness, type TestClient } from '../support/harness';
import {
  callbackPath,
  githubIdentity,
  githubProvider,
  startFlow,
  startGithubEmulator,
  type GithubIdentity,
  type StartedFlow,
} from './support/github-flow';

const emulator = await startGithubEmulator();
afterAll(() => emulator.close());

async function rowsOf(h: Harness, identity: GithubIdentity) {
  return h.auth.context.db
    .selectFrom('account')
    .select(['userId'])
    .where('providerId', '=', 'github')
    .where('accountId', '=', String(identity.id))
    .execute();
}

/** Starts one flow per client (sign-in or link-social), then brings all their callbacks back at once. */
async function race(clients: TestClient[], identity: GithubIdentity, path = '/sign-in/social') {
  const flows: StartedFlow[] = [];
  for (const client of clients)
    flows.push(
      await startFlow(
        client,
        { provider: 'github', callbackURL: '/done', errorCallbackURL: '/err', newUserCallbackURL: '/new' },
        path,
      ),
    );
  emulator.holdEmails(clients.length);
  return Promise.all(
    clients.map((client, i) =>
      client.get(callbackPath({ code: emulator.issueCode(identity, flows[i]!.url), state: flows[i]!.state })),
    ),
  );
}

describeEachDialect(
  'concurrent callbacks',
  (h) => {
    it('makes one user of a new identity signed in from two tabs at once, and signs both tabs in as that user', async () => {
      const identity = githubIdentity(uniqueEmail('tabs'));
      const browser = h().client();
      const responses = await race([browser, browser], identity);
      const locations = responses.map((r) => r.headers.get('location')).sort();
      // One tab created the user; the other, having lost the race, signed in as it.
      expect(locations).toEqual(['/done', '/new']);
      const rows = await rowsOf(h(), identity);
      expect(rows).toHaveLength(1);
      const users = await h()
        .auth.context.db.selectFrom('user')
        .select('id')
        .where('email', '=', identity.emails[0]!.email)
        .execute();
      expect(users).toEqual([{ id: rows[0]!.userId }]);
    });

    it('links an identity by e-mail once when two tabs sign in with it together', async () => {
      const { user } = await h().signUp(uniqueEmail('verified-local'));
      await h().auth.context.db.updateTable('user').set({ emailVerified: true }).where('id', '=', user.id).execute();
      const identity = githubIdentity(user.email);
      const responses = await race([h().client(), h().client()], identity);
      expect(responses.map((r) => r.headers.get('location'))).toEqual(['/done', '/done']);
      expect(await rowsOf(h(), identity)).toEqual([{ userId: user.id }]);
    });
  },
  { socialProviders: [githubProvider(emulator)] },
);

describeEachDialect(
  'concurrent link-social of one identity by two users',
  (h) => {
    it('attaches the identity to one of them; the other is told account_already_linked_to_different_user', async () => {
      const first = await h().signUp(uniqueEmail('first'));
      const second = await h().signUp(uniqueEmail('second'));
      const identity = githubIdentity(uniqueEmail('shared'));
      const responses = await race([first.client, second.client], identity, '/link-social');
      const locations = responses.map((r) => r.headers.get('location')).sort();
      expect(locations).toEqual(['/done', '/err?error=account_already_linked_to_different_user']);
      const rows = await rowsOf(h(), identity);
      expect(rows).toHaveLength(1);
      const winner = responses[0]!.headers.get('location') === '/done' ? first.user.id : second.user.id;
      expect(rows[0]!.userId).toBe(winner);
    });
  },
  { socialProviders: [githubProvider(emulator)], account: { accountLinking: { allowDifferentEmails: true } } },
);
