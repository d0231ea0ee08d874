/**
 * Linked accounts: GET /list-accounts and POST /unlink-account, with the last-account rule and the
 * fresh-session guard. Provider accounts are inserted as rows, as an OAuth sign-in would leave them.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDialect, racesInTransactions, type Harness } from './support/harness';
import { holdingCalls } from './support/held-calls';
import { expectNothingChanged } from './support/rows';

const PASSWORD = 'correct horse battery';
const DAY = 24 * 60 * 60;
const SECRETS = ['gho_access_secret', 'ghr_refresh_secret', 'eyJ.id-token.secret'];

/** A provider account as an OAuth sign-in stores it, tokens and all; each identity is linked once (a unique index). */
async function linkProviderAccount(
  h: Harness,
  userId: string,
  { providerId = 'github', accountId = `gh-${randomUUID()}`, scope = 'read:user,user:email' as string | null } = {},
) {
  const now = h.clock.now();
  const id = randomUUID();
  await h.auth.context.db
    .insertInto('account')
    .values({
      id,
      accountId,
      providerId,
      userId,
      password: null,
      accessToken: SECRETS[0]!,
      refreshToken: SECRETS[1]!,
      idToken: SECRETS[2]!,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scope,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}

async function accountsOf(h: Harness, userId: string) {
  const rows = await h.auth.context.db
    .selectFrom('account')
    .select(['id', 'providerId', 'accountId'])
    .where('userId', '=', userId)
    .execute();
  return rows.sort((a, b) => `${a.providerId}${a.accountId}`.localeCompare(`${b.providerId}${b.accountId}`));
}

describeEachDialect('GET /list-accounts', (h) => {
  it('lists the credential account and a linked provider with its scopes, never a password or token', async () => {
    const { client, user } = await h().signUp();
    const githubId = await linkProviderAccount(h(), user.id, { accountId: 'gh-1001' });
    const credential = await h()
      .auth.context.db.selectFrom('account')
      .selectAll()
      .where('userId', '=', user.id)
      .where('providerId', '=', 'credential')
      .executeTakeFirstOrThrow();
    const response = await client.get('/list-accounts');

    expect(response.status).toBe(200);
    const now = h().clock.now().toISOString();
    const byProvider = new Map((response.body as any[]).map((a) => [a.provider, a]));
    expect(response.body).toHaveLength(2);
    expect(byProvider.get('github')).toEqual({
      id: githubId,
      provider: 'github',
      providerId: 'github',
      userId: user.id,
      accountId: 'gh-1001',
      scopes: ['read:user', 'user:email'],
      createdAt: now,
      updatedAt: now,
    });
    expect(byProvider.get('credential')).toEqual({
      id: credential.id,
      provider: 'credential',
      providerId: 'credential',
      userId: user.id,
      accountId: user.id,
      scopes: [],
      createdAt: now,
      updatedAt: now,
    });
    for (const secret of [...SECRETS, credential.password!]) expect(response.text).not.toContain(secret);
  });

  it('trims the scopes and drops empty ones', async () => {
    const { client, user } = await h().signUp();
    await linkProviderAccount(h(), user.id, { scope: ' openid, email ,,profile' });
    const response = await client.get('/list-accounts');
    expect((response.body as any[]).find((a) => a.provider === 'github').scopes).toEqual([
      'openid',
      'email',
      'profile',
    ]);
  });

  it("lists only the caller's own accounts", async () => {
    const owner = await h().signUp();
    await linkProviderAccount(h(), owner.user.id);
    const other = await h().signUp();
    const response = await other.client.get('/list-accounts');
    expect(response.status).toBe(200);
    expect((response.body as any[]).map((a) => [a.provider, a.userId])).toEqual([['credential', other.user.id]]);
  });

  it('answers 401 UNAUTHORIZED without a session', async () => {
    const response = await h().client().get('/list-accounts');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  });
});

describeEachDialect('POST /unlink-account', (h, dialect) => {
  it('unlinks a provider account and answers {status: true}; the others stay', async () => {
    const { client, user } = await h().signUp();
    await linkProviderAccount(h(), user.id);
    const response = await client.post('/unlink-account', { providerId: 'github' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: true });
    expect((await accountsOf(h(), user.id)).map((a) => a.providerId)).toEqual(['credential']);
    // The password account still signs in.
    expect((await h().client().post('/sign-in/email', { email: user.email, password: PASSWORD })).status).toBe(200);
  });

  // Guard: accounts.deleteUnlessLast (db/account-store.ts) counts and deletes behind the user row's lock
  // (lockedTransaction). Not on SQLite, where the one connection runs each transaction alone whatever the lock.
  it.runIf(racesInTransactions(dialect))(
    'of two parallel unlinks of the last two accounts, exactly one succeeds: one account always remains',
    async () => {
      const { client, user } = await h().signUp();
      await linkProviderAccount(h(), user.id);
      // Both reach the count together: otherwise one commonly finishes before the other starts.
      const responses = await holdingCalls(h().auth.context.accounts, 'deleteUnlessLast', 2, () =>
        Promise.all([
          client.post('/unlink-account', { providerId: 'github' }),
          client.post('/unlink-account', { providerId: 'credential' }),
        ]),
      );
      expect(responses.map((r) => r.status).sort()).toEqual([200, 400]);
      expect(responses.find((r) => r.status === 400)!.body).toEqual({
        code: 'YOU_CAN_T_UNLINK_YOUR_LAST_ACCOUNT',
        message: "You can't unlink your last account",
      });
      expect(await accountsOf(h(), user.id)).toHaveLength(1);
    },
  );

  it('with an accountId unlinks only that account of the provider', async () => {
    const { client, user } = await h().signUp();
    await linkProviderAccount(h(), user.id, { accountId: 'gh-1' });
    await linkProviderAccount(h(), user.id, { accountId: 'gh-2' });
    const response = await client.post('/unlink-account', { providerId: 'github', accountId: 'gh-2' });

    expect(response.status).toBe(200);
    expect((await accountsOf(h(), user.id)).map((a) => `${a.providerId}:${a.accountId}`)).toEqual([
      `credential:${user.id}`,
      'github:gh-1',
    ]);
  });

  it('answers 400 ACCOUNT_NOT_FOUND for a provider or accountId the user has not linked, and unlinks nothing', async () => {
    const { client, user } = await h().signUp();
    await linkProviderAccount(h(), user.id);
    await expectNothingChanged(h(), async () => {
      for (const body of [{ providerId: 'google' }, { providerId: 'github', accountId: 'gh-9999' }]) {
        const response = await client.post('/unlink-account', body);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ code: 'ACCOUNT_NOT_FOUND', message: 'Account not found' });
      }
    });
  });

  it("cannot unlink another user's account: 400 ACCOUNT_NOT_FOUND", async () => {
    const owner = await h().signUp();
    await linkProviderAccount(h(), owner.user.id, { accountId: 'gh-owner' });
    const other = await h().signUp();
    await linkProviderAccount(h(), other.user.id, { accountId: 'gh-other' });
    const response = await other.client.post('/unlink-account', { providerId: 'github', accountId: 'gh-owner' });

    expect(response.status).toBe(400);
    expect(response.body.code).toBe('ACCOUNT_NOT_FOUND');
    expect(await accountsOf(h(), owner.user.id)).toHaveLength(2);
  });

  it('refuses to unlink the last account with 400 YOU_CAN_T_UNLINK_YOUR_LAST_ACCOUNT', async () => {
    const { client, user } = await h().signUp();
    await expectNothingChanged(h(), async () => {
      const response = await client.post('/unlink-account', { providerId: 'credential' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: 'YOU_CAN_T_UNLINK_YOUR_LAST_ACCOUNT',
        message: "You can't unlink your last account",
      });
    });
    expect(await accountsOf(h(), user.id)).toHaveLength(1);
  });

  it('answers 403 SESSION_IS_NOT_FRESH once the session is older than the fresh age, and unlinks nothing', async () => {
    const { client, user } = await h().signUp();
    await linkProviderAccount(h(), user.id);
    h().clock.advance(DAY + 1);
    const response = await client.post('/unlink-account', { providerId: 'github' });

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ code: 'SESSION_IS_NOT_FRESH', message: 'Session is not fresh' });
    expect(await accountsOf(h(), user.id)).toHaveLength(2);
  });

  it('answers 401 UNAUTHORIZED without a session', async () => {
    const response = await h().client().post('/unlink-account', { providerId: 'github' });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHORIZED');
  });

  it('answers 400 VALIDATION_ERROR without a providerId', async () => {
    const { client } = await h().signUp();
    const response = await client.post('/unlink-account', {});
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
  });
});

describeEachDialect(
  'POST /unlink-account with allowUnlinkingAll',
  (h) => {
    it('unlinks the last account; the user then has no way to sign in', async () => {
      const { client, user } = await h().signUp();
      const response = await client.post('/unlink-account', { providerId: 'credential' });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: true });
      expect(await accountsOf(h(), user.id)).toHaveLength(0);
      expect((await h().client().post('/sign-in/email', { email: user.email, password: PASSWORD })).status).toBe(401);
    });
  },
  { account: { allowUnlinkingAll: true } },
);

describeEachDialect(
  'POST /unlink-account with freshAge 0',
  (h) => {
    it('unlinks however old the session is: 0 turns the freshness check off', async () => {
      const { client, user } = await h().signUp();
      await linkProviderAccount(h(), user.id);
      h().clock.advance(6 * DAY);
      const response = await client.post('/unlink-account', { providerId: 'github' });

      expect(response.status).toBe(200);
      expect(await accountsOf(h(), user.id)).toHaveLength(1);
    });
  },
  { session: { freshAge: 0 } },
);
