/**
 * Linking a provider identity to an existing user. At sign-in, by e-mail, only under the takeover
 * guard (the class of GHSA-g38m-r43w-p2q7): the provider asserts the address verified, the
 * provider is trusted, and the local user's own address is verified — else `account not linked`.
 * Through link-social, to the signed-in user, never to someone else's identity. Unlinking keeps
 * the last account.
 */
import { afterAll, expect, it } from 'vitest';
import { describeEachDialect, uniqueEmail, type Harness } from '../support/harness';
import { countRows, expectNothingChanged } from '../support/rows';
import {
  githubIdentity,
  githubProvider,
  locationOf,
  signInWith,
  startFlow,
  startGithubEmulator,
  callbackPath,
} from './support/github-flow';

const emulator = await startGithubEmulator();
afterAll(() => emulator.close());

const providers = [
  githubProvider(emulator),
  // GitHub under ids that are not trusted for linking by the provider's own default…
  { ...githubProvider(emulator, { trustedForLinking: false }), id: 'untrusted' },
  // …one of which the deployment lists in accountLinking.trustedProviders.
  { ...githubProvider(emulator, { trustedForLinking: false }), id: 'listed' },
];

async function verify(h: Harness, userId: string) {
  await h.auth.context.db.updateTable('user').set({ emailVerified: true }).where('id', '=', userId).execute();
}

async function accountsOf(h: Harness, userId: string) {
  const rows = await h.auth.context.db
    .selectFrom('account')
    .select(['providerId', 'accountId', 'scope'])
    .where('userId', '=', userId)
    .execute();
  return rows.sort((a, b) => a.providerId.localeCompare(b.providerId));
}

describeEachDialect(
  'linking by e-mail at sign-in',
  (h) => {
    it('refuses an identity whose e-mail the provider did not verify when it matches a local user: account not linked', async () => {
      const { user } = await h().signUp(uniqueEmail('local'));
      await verify(h(), user.id);
      const browser = h().client();
      await expectNothingChanged(h(), async () => {
        const response = await signInWith(emulator, browser, githubIdentity(user.email, { verified: false }), {
          errorCallbackURL: '/err',
        });
        expect(response.headers.get('location')).toBe('/err?error=account+not+linked');
        expect(locationOf(response).query.error).toBe('account not linked');
      });
      expect((await browser.get('/get-session')).body).toBeNull();
    });

    it('links a verified e-mail from a trusted provider to the verified local user and signs that user in', async () => {
      const { user } = await h().signUp(uniqueEmail('trusting'));
      await verify(h(), user.id);
      const identity = githubIdentity(user.email);
      const browser = h().client();
      const response = await signInWith(emulator, browser, identity, {
        callbackURL: '/home',
        newUserCallbackURL: '/welcome',
      });
      expect(response.headers.get('location')).toBe('/home');
      expect((await browser.get('/get-session')).body.user.id).toBe(user.id);
      expect(await accountsOf(h(), user.id)).toEqual([
        { providerId: 'credential', accountId: user.id, scope: null },
        { providerId: 'github', accountId: String(identity.id), scope: 'read:user,user:email' },
      ]);
    });

    it('never links to a local user whose own address is unverified, even for a verified, trusted identity', async () => {
      const { user } = await h().signUp(uniqueEmail('squatter'));
      await expectNothingChanged(h(), async () => {
        const response = await signInWith(emulator, h().client(), githubIdentity(user.email), {
          errorCallbackURL: '/err',
        });
        expect(locationOf(response).query.error).toBe('account not linked');
      });
    });

    it('refuses a verified e-mail from a provider not trusted for linking, unless the deployment lists it in trustedProviders', async () => {
      const { user } = await h().signUp(uniqueEmail('untrusted'));
      await verify(h(), user.id);
      const refused = await signInWith(emulator, h().client(), githubIdentity(user.email), {
        provider: 'untrusted',
        errorCallbackURL: '/err',
      });
      expect(locationOf(refused).query.error).toBe('account not linked');

      const listed = await signInWith(emulator, h().client(), githubIdentity(user.email), {
        provider: 'listed',
        callbackURL: '/in',
      });
      expect(listed.headers.get('location')).toBe('/in');
      expect((await accountsOf(h(), user.id)).map((a) => a.providerId)).toEqual(['credential', 'listed']);
    });

    it("marks the address verified when a linked identity's provider verifies the user's own address", async () => {
      const identity = githubIdentity(uniqueEmail('later'), { verified: false });
      const browser = h().client();
      await signInWith(emulator, browser, identity);
      const userId = (await browser.get('/get-session')).body.user.id;
      expect((await h().auth.context.users.findById(userId))?.emailVerified).toBe(false);
      identity.emails[0]!.verified = true;
      await signInWith(emulator, h().client(), identity);
      expect((await h().auth.context.users.findById(userId))?.emailVerified).toBe(true);
    });
  },
  { socialProviders: providers, account: { accountLinking: { trustedProviders: ['listed'] } } },
);

describeEachDialect(
  'link-social',
  (h) => {
    it('links an identity to the signed-in user, keeps that user signed in and lists both accounts', async () => {
      const { client, user } = await h().signUp(uniqueEmail('linker'));
      const identity = githubIdentity(user.email);
      const sessionsBefore = await countRows(h(), 'session');
      const flow = await startFlow(client, { provider: 'github', callbackURL: '/settings' }, '/link-social');
      expect(flow.response.body.redirect).toBe(true);
      const response = await client.get(
        callbackPath({ code: emulator.issueCode(identity, flow.url), state: flow.state }),
      );
      expect(response.headers.get('location')).toBe('/settings');
      expect(await countRows(h(), 'session')).toBe(sessionsBefore);
      expect((await client.get('/get-session')).body.user.id).toBe(user.id);
      const listed = await client.get('/list-accounts');
      expect((listed.body as any[]).map((a) => [a.provider, a.scopes])).toEqual(
        expect.arrayContaining([
          ['credential', []],
          ['github', ['read:user', 'user:email']],
        ]),
      );
      // The identity now signs this user in.
      const other = h().client();
      await signInWith(emulator, other, identity);
      expect((await other.get('/get-session')).body.user.id).toBe(user.id);
    });

    it('adds the scopes of a second link of the same identity to those already granted', async () => {
      const { client, user } = await h().signUp(uniqueEmail('scopes'));
      const identity = githubIdentity(user.email);
      await signInWith(emulator, client, identity, {}, '/link-social');
      await signInWith(emulator, client, identity, { scopes: ['repo', 'gist'] }, '/link-social');
      const github = (await accountsOf(h(), user.id)).find((a) => a.providerId === 'github');
      expect(github?.scope).toBe('read:user,user:email,repo,gist');
      expect((await client.get('/list-accounts')).body.find((a: any) => a.provider === 'github').scopes).toEqual([
        'read:user',
        'user:email',
        'repo',
        'gist',
      ]);
    });

    it('refuses an identity another user signs in with: account_already_linked_to_different_user', async () => {
      const owner = h().client();
      const identity = githubIdentity(uniqueEmail('owner'));
      await signInWith(emulator, owner, identity);
      const { client, user } = await h().signUp(uniqueEmail('thief'));
      identity.emails[0]!.email = user.email;
      await expectNothingChanged(h(), async () => {
        const response = await signInWith(emulator, client, identity, { errorCallbackURL: '/err' }, '/link-social');
        expect(response.headers.get('location')).toBe('/err?error=account_already_linked_to_different_user');
      });
    });

    it("refuses an identity whose e-mail is not the user's: unable_to_link_account", async () => {
      const { client } = await h().signUp(uniqueEmail('mine'));
      await expectNothingChanged(h(), async () => {
        const response = await signInWith(
          emulator,
          client,
          githubIdentity(uniqueEmail('someone-else')),
          { errorCallbackURL: '/err' },
          '/link-social',
        );
        expect(response.headers.get('location')).toBe('/err?error=unable_to_link_account');
      });
    });

    it('refuses an unverified identity from a provider not trusted for linking', async () => {
      const { client, user } = await h().signUp(uniqueEmail('untrusted-link'));
      const response = await signInWith(
        emulator,
        client,
        githubIdentity(user.email, { verified: false }),
        { provider: 'untrusted', errorCallbackURL: '/err' },
        '/link-social',
      );
      expect(response.headers.get('location')).toBe('/err?error=unable_to_link_account');
      expect((await accountsOf(h(), user.id)).map((a) => a.providerId)).toEqual(['credential']);
    });

    it('needs a session (401), a configured provider (404) and a fresh session (403)', async () => {
      expect((await h().client().post('/link-social', { provider: 'github' })).status).toBe(401);
      const { client } = await h().signUp(uniqueEmail('fresh'));
      const unknown = await client.post('/link-social', { provider: 'google' });
      expect([unknown.status, unknown.body.code]).toEqual([404, 'PROVIDER_NOT_FOUND']);
      h().clock.advance(24 * 60 * 60 + 1);
      const stale = await client.post('/link-social', { provider: 'github' });
      expect([stale.status, stale.body.code]).toEqual([403, 'SESSION_IS_NOT_FRESH']);
    });

    it('refuses a link target outside the trusted origins with 403', async () => {
      const { client } = await h().signUp(uniqueEmail('target'));
      const response = await client.post('/link-social', { provider: 'github', callbackURL: 'https://evil.example/' });
      expect([response.status, response.body.code]).toEqual([403, 'INVALID_CALLBACKURL']);
    });

    it("keeps a social-only user's last account, and unlinks GitHub from a user who has a password too", async () => {
      const social = h().client();
      await signInWith(emulator, social, githubIdentity(uniqueEmail('only')));
      const last = await social.post('/unlink-account', { providerId: 'github' });
      expect([last.status, last.body.message]).toEqual([400, "You can't unlink your last account"]);

      const { client, user } = await h().signUp(uniqueEmail('both'));
      await signInWith(emulator, client, githubIdentity(user.email), {}, '/link-social');
      const unlinked = await client.post('/unlink-account', { providerId: 'github' });
      expect(unlinked.body).toEqual({ status: true });
      expect((await accountsOf(h(), user.id)).map((a) => a.providerId)).toEqual(['credential']);
    });
  },
  { socialProviders: providers },
);

describeEachDialect(
  'account linking turned off, or different e-mails allowed',
  (h) => {
    it('links no identity by e-mail when accountLinking is off', async () => {
      const { user } = await h().signUp(uniqueEmail('off'));
      await verify(h(), user.id);
      const response = await signInWith(emulator, h().client(), githubIdentity(user.email), {
        errorCallbackURL: '/err',
      });
      expect(locationOf(response).query.error).toBe('account not linked');
    });

    it('links nothing through link-social either', async () => {
      const { client, user } = await h().signUp(uniqueEmail('off-link'));
      const response = await signInWith(
        emulator,
        client,
        githubIdentity(user.email),
        { errorCallbackURL: '/err' },
        '/link-social',
      );
      expect(response.headers.get('location')).toBe('/err?error=unable_to_link_account');
    });
  },
  { socialProviders: providers, account: { accountLinking: { enabled: false } } },
);

describeEachDialect(
  'allowDifferentEmails',
  (h) => {
    it('links an identity with another address through link-social', async () => {
      const { client, user } = await h().signUp(uniqueEmail('differ'));
      const response = await signInWith(
        emulator,
        client,
        githubIdentity(uniqueEmail('work-address')),
        { callbackURL: '/linked' },
        '/link-social',
      );
      expect(response.headers.get('location')).toBe('/linked');
      expect((await accountsOf(h(), user.id)).map((a) => a.providerId)).toEqual(['credential', 'github']);
    });

    it('links an identity without any address, which then signs its user in', async () => {
      const { client, user } = await h().signUp(uniqueEmail('no-address'));
      const identity = githubIdentity(null);
      expect(
        (await signInWith(emulator, client, identity, { callbackURL: '/linked' }, '/link-social')).headers.get(
          'location',
        ),
      ).toBe('/linked');
      const browser = h().client();
      expect((await signInWith(emulator, browser, identity, { callbackURL: '/in' })).headers.get('location')).toBe(
        '/in',
      );
      expect((await browser.get('/get-session')).body.user.id).toBe(user.id);
    });
  },
  { socialProviders: providers, account: { accountLinking: { allowDifferentEmails: true } } },
);
