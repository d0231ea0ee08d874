/**
 * Bans hold on social sign-in as on a password's: a banned user signing in through a provider's
 * callback or with an id_token gets BANNED_USER and no session, and an expired ban is lifted at
 * the sign-in.
 */
import { afterAll, expect, it } from 'vitest';
import { adminPlugin } from '../../..';
import { adminSchema } from '../schema';
import { describeEachDialect, type Harness } from '../../../../test/support/harness';
import {
  expectGithubSignInRefused,
  githubProvider,
  signInWith,
  signUpWithGithub,
  startGithubEmulator,
} from '../../../../test/oauth/support/github-flow';
import { expectIdTokenSignInRefused, startOidcFixture } from '../../../../test/oauth/support/oidc-flow';

const emulator = await startGithubEmulator();
const oidcOp = await startOidcFixture();
afterAll(async () => {
  await emulator.close();
  await oidcOp.close();
});

const BANNED = {
  code: 'BANNED_USER',
  message: 'You have been banned from this application. Please contact support if you believe this is an error.',
};

async function ban(h: Harness, userId: string, banExpires: Date | null = null): Promise<void> {
  await adminSchema
    .db(h.auth.context)
    .updateTable('user')
    .set({ banned: true, banExpires })
    .where('id', '=', userId)
    .execute();
}

describeEachDialect(
  'bans on social sign-in',
  (h) => {
    it('refuses a banned user: BANNED_USER on the error target, and no session', async () => {
      await expectGithubSignInRefused(h(), emulator, (userId) => ban(h(), userId), BANNED);
    });

    it('lifts an expired ban at the sign-in, as for a password', async () => {
      const { identity, userId } = await signUpWithGithub(h(), emulator);
      await ban(h(), userId, new Date(h().clock.now().getTime() - 1000));
      const response = await signInWith(emulator, h().client(), identity, { callbackURL: '/in' });
      expect(response.headers.get('location')).toBe('/in');
    });

    it('refuses a banned user an id_token sign-in with 403 BANNED_USER', async () => {
      await expectIdTokenSignInRefused(h(), oidcOp, (userId) => ban(h(), userId), [403, 'BANNED_USER']);
    });
  },
  { socialProviders: [githubProvider(emulator), oidcOp.provider], plugins: [adminPlugin()] },
);
