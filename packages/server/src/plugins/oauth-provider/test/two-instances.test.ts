/**
 * Two auth instances on one database, every dialect (issue #31): codes, refresh token families and
 * revocations live in the database, and every check reads it (tokens/active-token.ts keeps no
 * cache), so whatever one instance spends or revokes is refused by the other on the very next
 * request — no revocation feed needed for OAuth tokens, and no cache time to wait out.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeEach } from '../../../../../../test/describe-each';
import { BASE_URL, SECRET, TestClient, createClock, uniqueEmail, type Harness } from '../../../../test/support/harness';
import type { SmtpSink } from '../../../../test/support/smtp-sink';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-database';
import { createAuth, oauthProviderPlugin, type Auth } from '../../..';
import { authInternalsForTests } from '../../../testing';
import { insertClient, type ClientFixture } from './fixtures';
import { basic, exchangeCode, formPost, insertCode, introspect, refresh, signedInUser } from './token-fixtures';

describeEach('oauth-provider, two instances on one database', inject('dialects'), (dialect) => {
  let database: TestDatabase;
  const clock = createClock();
  const opened: Auth[] = [];
  let a: Harness;
  let b: Harness;

  /** One instance as the fixtures see it: its auth, the shared clock, browsers that reach it. */
  function instance(auth: Auth): Harness {
    return {
      dialect,
      auth: { ...auth, context: authInternalsForTests(auth) },
      clock,
      // No test here sends mail.
      mail: undefined as unknown as SmtpSink,
      client: (ip) => new TestClient(auth, ip),
      async signUp(email = uniqueEmail(), password = 'correct horse battery', name = 'Test User') {
        const client = new TestClient(auth);
        const response = await client.post('/sign-up/email', { email, password, name });
        if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
        return { client, user: response.body.user, token: response.body.token };
      },
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const open = () => {
      const auth = createAuth({
        baseURL: BASE_URL,
        secret: SECRET,
        database: { url: database.url },
        now: clock.now,
        prune: { enabled: false },
        plugins: [oauthProviderPlugin({})],
        logger: { info() {}, warn() {}, error: (obj, msg) => console.error(msg, obj) },
      });
      opened.push(auth);
      return auth;
    };
    const first = open();
    await first.migrate();
    a = instance(first);
    b = instance(open());
  });

  afterAll(async () => {
    for (const auth of opened) await auth.close();
    await database?.drop();
  });

  const userinfo = (h: Harness, token: string) =>
    h.client().get('/oauth2/userinfo', { origin: null, headers: { authorization: `Bearer ${token}` } });

  /** A code written on instance A, exchanged on `at`: the tokens, and who they belong to. */
  async function tokensOf(at: Harness, scopes?: readonly string[]) {
    const client = await insertClient(a);
    const user = await signedInUser(a);
    const { code, grantId } = await insertCode(a, client, user, scopes ? { scopes } : {});
    const response = await exchangeCode(at, client, code);
    expect(response.status).toBe(200);
    const body = response.body as { access_token: string; refresh_token?: string };
    return { client, user, code, grantId, access: body.access_token, refreshToken: body.refresh_token };
  }

  const active = async (h: Harness, client: ClientFixture, token: string, hint?: string) =>
    ((await introspect(h, client, token, hint)).body as { active: boolean }).active;

  it('a code issued through one instance is spent on the other; its replay there revokes what the first exchange issued', async () => {
    const { client, code, access, refreshToken } = await tokensOf(b);
    expect(await active(a, client, access)).toBe(true);
    const replay = await exchangeCode(a, client, code);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ error: 'invalid_grant' });
    for (const h of [a, b]) {
      expect(await active(h, client, access)).toBe(false);
      expect(await active(h, client, refreshToken!, 'refresh_token')).toBe(false);
    }
  });

  it('a token revoked on one instance is refused at introspection and userinfo on the other at once', async () => {
    const { client, access } = await tokensOf(a);
    expect(await active(b, client, access)).toBe(true);
    expect((await userinfo(b, access)).status).toBe(200);

    const revoked = await formPost(
      a,
      '/oauth2/revoke',
      { token: access, token_type_hint: 'access_token' },
      basic(client),
    );
    expect(revoked.status).toBe(200);
    expect(await active(b, client, access)).toBe(false);
    const refused = await userinfo(b, access);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 'invalid_token' });
  });

  it('a refresh token rotated on one instance and replayed on the other revokes the family on both', async () => {
    const { client, refreshToken } = await tokensOf(a);
    const rotated = await refresh(b, client, refreshToken!);
    expect(rotated.status).toBe(200);
    const next = rotated.body as { access_token: string; refresh_token: string };

    const replay = await refresh(a, client, refreshToken!);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ error: 'invalid_grant' });
    for (const h of [a, b]) {
      expect(await active(h, client, next.refresh_token, 'refresh_token')).toBe(false);
      expect(await active(h, client, next.access_token)).toBe(false);
      expect((await userinfo(h, next.access_token)).status).toBe(401);
    }
    expect((await refresh(b, client, next.refresh_token)).status).toBe(400);
  });

  it('a session ended on one instance ends its tokens (issued without offline_access) on the other', async () => {
    const { client, user, access } = await tokensOf(b, ['openid', 'profile']);
    expect((await userinfo(b, access)).status).toBe(200);
    expect((await user.browser.post('/sign-out')).status).toBe(200);
    expect(await active(b, client, access)).toBe(false);
    expect((await userinfo(b, access)).status).toBe(401);
  });
});
