/**
 * The provider tokens Latchkey keeps for linked accounts: POST /refresh-token and
 * POST /get-access-token against GitHub's emulated refresh grant, who may ask for whose tokens,
 * and the tokens at rest — encrypted, and still readable after the secret is rotated.
 */
import { afterAll, expect, it } from 'vitest';
import { createTokenCipher } from '../../src/crypto/token-cipher';
import { createProviderAccountStore } from '../../src/db/provider-account-store';
import { describeEachDialect, SECRET, uniqueEmail, type Harness } from '../support/harness';
import { githubIdentity, githubProvider, signInWith, startGithubEmulator } from './support/github-flow';

const emulator = await startGithubEmulator();
afterAll(() => emulator.close());

async function socialUser(h: Harness) {
  const identity = githubIdentity(uniqueEmail('tokens'));
  const client = h.client();
  await signInWith(emulator, client, identity);
  const userId = (await client.get('/get-session')).body.user.id as string;
  const [account] = await h.auth.context.providerAccounts.listForUser(userId, 'github');
  return { identity, client, userId, account: account! };
}

async function rawRow(h: Harness, id: string) {
  return h.auth.context.db.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describeEachDialect(
  'provider tokens',
  (h) => {
    it("refreshes the access token with the stored refresh token, stores both encrypted, and answers better-auth's shape", async () => {
      const { client, account } = await socialUser(h());
      const response = await client.post('/refresh-token', { providerId: 'github' });
      expect(response.status).toBe(200);
      const body = response.body;
      expect(body).toEqual({
        accessToken: expect.stringMatching(/^ghu_/),
        refreshToken: expect.stringMatching(/^ghr_/),
        accessTokenExpiresAt: expect.any(String),
        refreshTokenExpiresAt: expect.any(String),
        scope: 'read:user,user:email',
        providerId: 'github',
        accountId: account.id,
      });
      expect(body.accessToken).not.toBe(account.accessToken);
      expect(body.refreshToken).not.toBe(account.refreshToken);
      // GitHub was asked with the refresh token it issued, and its answer is what is stored now.
      const sent = emulator.to('/login/oauth/access_token').at(-1)!.form;
      expect([sent.get('grant_type'), sent.get('refresh_token')]).toEqual(['refresh_token', account.refreshToken]);
      const row = await rawRow(h(), account.id);
      expect(JSON.stringify(row)).not.toContain(body.accessToken);
      expect(JSON.stringify(row)).not.toContain(body.refreshToken);
      const [stored] = await h().auth.context.providerAccounts.listForUser(account.userId, 'github');
      expect([stored?.accessToken, stored?.refreshToken]).toEqual([body.accessToken, body.refreshToken]);
    });

    it('answers 401 without a session, and ignores a userId sent over HTTP', async () => {
      const victim = await socialUser(h());
      const anonymous = await h().client().post('/refresh-token', { providerId: 'github', userId: victim.userId });
      expect([anonymous.status, anonymous.body.code]).toEqual([401, 'UNAUTHORIZED']);
      const victimRow = await rawRow(h(), victim.account.id);
      const other = await socialUser(h());
      const response = await other.client.post('/refresh-token', { providerId: 'github', userId: victim.userId });
      expect(response.body.accountId).toBe(other.account.id);
      expect(await rawRow(h(), victim.account.id)).toEqual(victimRow);
    });

    it('refreshes for the user a server-side call names', async () => {
      const { userId, account } = await socialUser(h());
      const tokens = await h().auth.api.refreshToken({ body: { providerId: 'github', userId } });
      expect(tokens.accountId).toBe(account.id);
      await expect(h().auth.api.refreshToken({ body: { providerId: 'github' } })).rejects.toMatchObject({
        code: 'USER_ID_OR_SESSION_REQUIRED',
        status: 400,
      });
    });

    it("selects the account by its row id or by the provider's id of the user", async () => {
      const { client, account } = await socialUser(h());
      for (const accountId of [account.id, account.accountId]) {
        expect((await client.post('/refresh-token', { providerId: 'github', accountId })).body.accountId).toBe(
          account.id,
        );
      }
      const unknown = await client.post('/refresh-token', { providerId: 'github', accountId: 'nope' });
      expect([unknown.status, unknown.body]).toEqual([
        400,
        { code: 'ACCOUNT_NOT_FOUND', message: 'Account not found' },
      ]);
    });

    it('answers 400 for a provider that is not configured, one the user has no account with, and a missing refresh token', async () => {
      const { client, account } = await socialUser(h());
      const unsupported = await client.post('/refresh-token', { providerId: 'google' });
      expect([unsupported.status, unsupported.body.code]).toEqual([400, 'PROVIDER_NOT_SUPPORTED']);
      const { client: passwordOnly } = await h().signUp(uniqueEmail('nolink'));
      const none = await passwordOnly.post('/refresh-token', { providerId: 'github' });
      expect([none.status, none.body.code]).toEqual([400, 'ACCOUNT_NOT_FOUND']);
      await h()
        .auth.context.db.updateTable('account')
        .set({ refreshToken: null })
        .where('id', '=', account.id)
        .execute();
      const missing = await client.post('/refresh-token', { providerId: 'github' });
      expect([missing.status, missing.body]).toEqual([
        400,
        { code: 'REFRESH_TOKEN_NOT_FOUND', message: 'Refresh token not found' },
      ]);
    });

    it('answers 400 FAILED_TO_REFRESH_ACCESS_TOKEN when the provider refuses, and keeps the tokens it had', async () => {
      const { client, account } = await socialUser(h());
      emulator.refusedRefreshTokens.add(account.refreshToken!);
      const before = await rawRow(h(), account.id);
      const response = await client.post('/refresh-token', { providerId: 'github' });
      expect([response.status, response.body]).toEqual([
        400,
        { code: 'FAILED_TO_REFRESH_ACCESS_TOKEN', message: 'Failed to refresh access token' },
      ]);
      expect(await rawRow(h(), account.id)).toEqual(before);
    });

    it('get-access-token answers the stored token while it is valid, without asking the provider', async () => {
      const { client, account } = await socialUser(h());
      const grants = emulator.to('/login/oauth/access_token').length;
      const response = await client.post('/get-access-token', { providerId: 'github' });
      expect(response.body).toEqual({
        accessToken: account.accessToken,
        accessTokenExpiresAt: account.accessTokenExpiresAt!.toISOString(),
        scopes: ['read:user', 'user:email'],
      });
      expect(emulator.to('/login/oauth/access_token')).toHaveLength(grants);
    });

    it('get-access-token refreshes an expired token first and stores the new one', async () => {
      const { client, account } = await socialUser(h());
      const past = new Date(h().clock.now().getTime() - 1000);
      await h()
        .auth.context.db.updateTable('account')
        .set({ accessTokenExpiresAt: past })
        .where('id', '=', account.id)
        .execute();
      const response = await client.post('/get-access-token', { providerId: 'github' });
      expect(response.status).toBe(200);
      expect(response.body.accessToken).toMatch(/^ghu_/);
      expect(response.body.accessToken).not.toBe(account.accessToken);
      const [stored] = await h().auth.context.providerAccounts.listForUser(account.userId, 'github');
      expect(stored?.accessToken).toBe(response.body.accessToken);
    });

    it('get-access-token answers 400 FAILED_TO_GET_ACCESS_TOKEN when an expired token cannot be refreshed', async () => {
      const { client, account } = await socialUser(h());
      emulator.refusedRefreshTokens.add(account.refreshToken!);
      await h()
        .auth.context.db.updateTable('account')
        .set({ accessTokenExpiresAt: h().clock.now() })
        .where('id', '=', account.id)
        .execute();
      const response = await client.post('/get-access-token', { providerId: 'github' });
      expect([response.status, response.body]).toEqual([
        400,
        { code: 'FAILED_TO_GET_ACCESS_TOKEN', message: 'Failed to get a valid access token' },
      ]);
    });

    it('reads tokens written under the previous secret once the secret is rotated, and not without it', async () => {
      const { account } = await socialUser(h());
      const newSecret = 'rotated-secret-rotated-secret-rotated-0000';
      const rotated = createProviderAccountStore(
        h().auth.context.db,
        new Map(),
        createTokenCipher([newSecret, SECRET]),
      );
      expect((await rotated.listForUser(account.userId, 'github'))[0]?.accessToken).toBe(account.accessToken);
      const forgotten = createProviderAccountStore(h().auth.context.db, new Map(), createTokenCipher([newSecret]));
      expect((await forgotten.listForUser(account.userId, 'github'))[0]?.accessToken).toBeNull();
    });
  },
  { socialProviders: [githubProvider(emulator)] },
);
