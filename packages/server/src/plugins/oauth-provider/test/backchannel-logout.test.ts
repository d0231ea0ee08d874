/**
 * Back-channel logout (OpenID Connect Back-Channel Logout 1.0) and the end of tokens when the
 * user's access ends, on every database: a relying party's endpoint (a real HTTP server on
 * 127.0.0.1, its client row written directly since registration accepts only public https URIs)
 * receives a logout token it verifies against our JWKS; the ended session's tokens are revoked
 * while `offline_access` refresh tokens survive a sign-out; a ban revokes everything of the user.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { adminPlugin, oauthProviderPlugin } from '../../..';
import { API, BASE_URL, describeEachDialect, type Harness } from '../../../../test/support/harness';
import { signUpWithRole } from '../../admin/test/support/admin-fixtures';
import { oauthProviderSchema } from '../schema';
import { sessionExists, signedInRp, tokensFor } from './logout-fixtures';
import { insertClient } from './fixtures';
import { introspect, refresh, signedInUser } from './token-fixtures';

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** The relying party's back-channel endpoint: what it was sent, and the status it answers. */
const received: { contentType: string | undefined; logoutToken: string | null }[] = [];
let answerStatus = 200;
let server: Server;
let backchannelUri: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({
        contentType: request.headers['content-type'],
        logoutToken: new URLSearchParams(body).get('logout_token'),
      });
      response.writeHead(answerStatus).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  backchannelUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/backchannel-logout`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Waits for the background deliveries the last request queued (no fixed sleep). */
const delivered = (h: Harness) => h.auth.context.background.drain();

async function verifyLogoutToken(h: Harness, token: string, clientId: string) {
  const jwks = (await h.client().get('/jwks')).body;
  const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(jwks), {
    issuer: BASE_URL + API,
    audience: clientId,
    typ: 'logout+jwt',
    currentDate: h.clock.now(),
  });
  return { payload, protectedHeader };
}

async function tokenRows(h: Harness, userId: string) {
  const db = oauthProviderSchema.db(h.auth.context);
  return {
    access: await db.selectFrom('oauthAccessToken').selectAll().where('userId', '=', userId).execute(),
    refresh: await db.selectFrom('oauthRefreshToken').selectAll().where('userId', '=', userId).execute(),
  };
}

describeEachDialect(
  'oauth-provider back-channel logout',
  (h) => {
    beforeEach(() => {
      received.length = 0;
      answerStatus = 200;
    });

    it('sign-out posts a logout token to the relying party, verifiable with our JWKS', async () => {
      const { client, user } = await signedInRp(h(), { backchannelLogoutUri: backchannelUri });
      expect((await user.browser.post('/sign-out')).status).toBe(200);
      await delivered(h());
      expect(received).toHaveLength(1);
      expect(received[0]!.contentType).toBe('application/x-www-form-urlencoded');
      const { payload, protectedHeader } = await verifyLogoutToken(h(), received[0]!.logoutToken!, client.clientId);
      expect(protectedHeader.typ).toBe('logout+jwt');
      expect(payload).toMatchObject({
        sub: user.userId,
        sid: user.sessionId,
        events: { [BACKCHANNEL_EVENT]: {} },
      });
      expect(payload).not.toHaveProperty('nonce');
      expect(typeof payload.jti).toBe('string');
      expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(120);
    });

    it("the ended session's tokens are revoked, while an offline_access refresh token survives sign-out", async () => {
      const client = await insertClient(h(), { backchannelLogoutUri: backchannelUri });
      const user = await signedInUser(h());
      const online = await tokensFor(h(), client, user, ['openid', 'profile']);
      const offline = await tokensFor(h(), client, user, ['openid', 'offline_access']);
      await user.browser.post('/sign-out');
      await delivered(h());
      // One session, one client: one logout token, however many grants.
      expect(received).toHaveLength(1);
      const rows = await tokenRows(h(), user.userId);
      expect(rows.access.map((row) => row.revoked)).not.toContain(null);
      expect(rows.refresh).toHaveLength(1);
      expect(rows.refresh[0]!.revoked).toBeNull();
      expect((await introspect(h(), client, online.access_token)).body).toEqual({ active: false });
      expect((await introspect(h(), client, offline.access_token)).body).toEqual({ active: false });
      const next = await refresh(h(), client, offline.refresh_token!);
      expect(next.status).toBe(200);
    });

    it('ending a session through the admin, and revoke-sessions, tell the relying party as sign-out does', async () => {
      const { client, user } = await signedInRp(h(), { backchannelLogoutUri: backchannelUri });
      await user.browser.post('/revoke-sessions');
      await delivered(h());
      expect(received).toHaveLength(1);
      const { payload } = await verifyLogoutToken(h(), received[0]!.logoutToken!, client.clientId);
      expect(payload.sid).toBe(user.sessionId);
    });

    it('tells nothing to a relying party without a back-channel URI, nor to a disabled one, nor about other sessions', async () => {
      const silent = await signedInRp(h());
      await silent.user.browser.post('/sign-out');
      const disabled = await signedInRp(h(), { backchannelLogoutUri: backchannelUri });
      await oauthProviderSchema
        .db(h().auth.context)
        .updateTable('oauthClient')
        .set({ disabled: true })
        .where('clientId', '=', disabled.client.clientId)
        .execute();
      await disabled.user.browser.post('/sign-out');
      const untouched = await signedInRp(h(), { backchannelLogoutUri: backchannelUri });
      const other = await signedInUser(h());
      await other.browser.post('/sign-out');
      await delivered(h());
      expect(received).toEqual([]);
      expect(await sessionExists(h(), untouched.user.sessionId)).toBe(true);
    });

    it('a relying party that fails or answers an error does not fail the sign-out', async () => {
      answerStatus = 500;
      const { user } = await signedInRp(h(), { backchannelLogoutUri: backchannelUri });
      const unreachable = await signedInRp(h(), { backchannelLogoutUri: 'http://127.0.0.1:1/backchannel' });
      expect((await user.browser.post('/sign-out')).status).toBe(200);
      expect((await unreachable.user.browser.post('/sign-out')).status).toBe(200);
      await delivered(h());
      expect(received).toHaveLength(1);
      expect(await sessionExists(h(), user.sessionId)).toBe(false);
    });
  },
  { plugins: [oauthProviderPlugin()], logger: { info() {}, warn() {}, error() {} } },
);

describeEachDialect(
  'oauth-provider tokens of a banned user',
  (h) => {
    it('a ban revokes every token of the user, offline_access ones included, and tells the relying party', async () => {
      const admin = await signUpWithRole(h());
      const client = await insertClient(h(), { backchannelLogoutUri: backchannelUri });
      const user = await signedInUser(h());
      const offline = await tokensFor(h(), client, user, ['openid', 'offline_access']);
      received.length = 0;
      const banned = await admin.client.post('/admin/ban-user', { userId: user.userId });
      expect(banned.status).toBe(200);
      await delivered(h());
      const rows = await tokenRows(h(), user.userId);
      expect([...rows.access, ...rows.refresh].map((row) => row.revoked)).not.toContain(null);
      const next = await refresh(h(), client, offline.refresh_token!);
      expect(next.status).toBe(400);
      expect(next.body.error).toBe('invalid_grant');
      expect((await introspect(h(), client, offline.access_token)).body).toEqual({ active: false });
      expect(received).toHaveLength(1);
    });

    it("a ban leaves other users' tokens alone", async () => {
      const admin = await signUpWithRole(h());
      const client = await insertClient(h());
      const user = await signedInUser(h());
      const bystander = await signedInUser(h());
      await tokensFor(h(), client, user, ['openid', 'offline_access']);
      const kept = await tokensFor(h(), client, bystander, ['openid', 'offline_access']);
      await admin.client.post('/admin/ban-user', { userId: user.userId });
      await delivered(h());
      expect((await refresh(h(), client, kept.refresh_token!)).status).toBe(200);
    });
  },
  { plugins: [adminPlugin(), oauthProviderPlugin()], logger: { info() {}, warn() {}, error() {} } },
);
