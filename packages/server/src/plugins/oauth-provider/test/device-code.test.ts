/**
 * The device authorization grant (RFC 8628) on every database: openid-client's device flow while a
 * browser claims and approves the request on the verification page's routes; each answer a polling
 * device hears (pending, slow_down with its growing interval, denied, expired); the page's guards
 * (signed out, another user's claim, the claim before a decision); user codes typed loosely; a
 * device code redeemed once, also by two polls at once; and a client without the grant refused.
 */
import * as client from 'openid-client';
import { afterEach, expect, it, vi } from 'vitest';
import type { AuthEvent } from '../../..';
import { API, BASE_URL, describeEachDialect, type Harness } from '../../../../test/support/harness';
import { holdingCalls } from '../../../../test/support/held-calls';
import { pruneJobForTests } from '../../../testing';
import { normalizeUserCode } from '../device/user-code';
import { oauthProviderSchema } from '../schema';
import { insertClient, withOAuthProvider, type ClientFixture } from './fixtures';
import { ISSUER } from './relying-party';
import { basic, formPost, grantRows } from './token-fixtures';

const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const USER_CODE = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;
const events: AuthEvent[] = [];
const observer = { event: (event: AuthEvent) => void events.push(event) };

/** A public device client (a CLI, a TV) registered for the device grant only. */
function deviceClient(h: Harness, columns: Parameters<typeof insertClient>[1] = {}) {
  return insertClient(h, { tokenEndpointAuthMethod: 'none', grantTypes: [DEVICE_CODE_GRANT], ...columns });
}

function requestCodes(h: Harness, rp: ClientFixture, params: Record<string, string> = {}) {
  return formPost(h, '/device/code', { client_id: rp.clientId, scope: 'openid profile offline_access', ...params });
}

function poll(h: Harness, rp: ClientFixture, deviceCode: string) {
  return formPost(h, '/oauth2/token', {
    grant_type: DEVICE_CODE_GRANT,
    device_code: deviceCode,
    client_id: rp.clientId,
  });
}

function rowOf(h: Harness, userCode: string) {
  return oauthProviderSchema
    .db(h.auth.context)
    .selectFrom('oauthDeviceCode')
    .selectAll()
    .where('userCode', '=', normalizeUserCode(userCode))
    .executeTakeFirstOrThrow();
}

/** A pending request of a fresh device client, and a signed-in user with their browser. */
async function pendingRequest(h: Harness) {
  const rp = await deviceClient(h);
  const codes = await requestCodes(h, rp);
  expect(codes.status, codes.text).toBe(200);
  const { client: browser, user } = await h.signUp(undefined, undefined, 'Ada Lovelace');
  return {
    rp,
    browser,
    userId: user.id as string,
    deviceCode: codes.body.device_code as string,
    userCode: codes.body.user_code as string,
  };
}

function review(browser: Awaited<ReturnType<typeof pendingRequest>>['browser'], userCode: string) {
  return browser.get(`/device?user_code=${encodeURIComponent(userCode)}`);
}

/** The browser claims the request on the page and approves it. */
async function approve(request: Awaited<ReturnType<typeof pendingRequest>>) {
  expect((await review(request.browser, request.userCode)).status).toBe(200);
  const approved = await request.browser.post('/device/approve', { userCode: request.userCode });
  expect(approved.status, approved.text).toBe(200);
}

function expectOAuthError(response: { status: number; body: any }, error: string, description?: string) {
  expect(response.status).toBe(400);
  expect(response.body.error).toBe(error);
  if (description) expect(response.body.error_description).toBe(description);
}

/**
 * openid-client waits `interval` seconds between polls on setTimeout (faked here). While no poll is
 * in flight, the test moves that timer and the harness clock on together, a second at a time, until
 * `done` says so; while one is, the database's real I/O runs and the clocks stand still.
 */
async function driveUntil(h: Harness, rp: DeviceRelyingParty, done: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`the device flow stalled after ${rp.polls.join(', ')}`);
    if (rp.inFlight === 0) {
      h.clock.advance(1);
      await vi.advanceTimersByTimeAsync(1000);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

interface DeviceRelyingParty {
  readonly config: client.Configuration;
  /** The token endpoint's answers: its `error`, or `tokens`. */
  readonly polls: string[];
  inFlight: number;
}

/** openid-client configured from discovery, its requests answered in process and watched. */
async function deviceRelyingParty(h: Harness, clientId: string): Promise<DeviceRelyingParty> {
  const skew = Math.round((h.clock.now().getTime() - Date.now()) / 1000);
  const rp = { polls: [] as string[], inFlight: 0 };
  const fetchThrough: client.CustomFetch = async (url, options) => {
    rp.inFlight += 1;
    try {
      const response = await h.auth.handler(new Request(url, options as RequestInit), { clientIp: '198.51.100.7' });
      if (new URL(url).pathname === `${API}/oauth2/token`) {
        const body = (await response.clone().json()) as { error?: string };
        rp.polls.push(body.error ?? 'tokens');
      }
      return response as Awaited<ReturnType<client.CustomFetch>>;
    } finally {
      rp.inFlight -= 1;
    }
  };
  const config = await client.discovery(new URL(ISSUER), clientId, { [client.clockSkew]: skew }, client.None(), {
    execute: [client.allowInsecureRequests],
    [client.customFetch]: fetchThrough,
  });
  return Object.assign(rp, { config });
}

describeEachDialect(
  'oauth-provider device authorization grant',
  (h) => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('runs the device flow with openid-client while a browser claims and approves the request', async () => {
      const device = await deviceClient(h(), { name: 'Living Room TV', icon: 'https://tv.example.com/logo.png' });
      const { client: browser, user } = await h().signUp(undefined, undefined, 'Ada Lovelace');
      const rp = await deviceRelyingParty(h(), device.clientId);
      const { config } = rp;
      expect(config.serverMetadata().device_authorization_endpoint).toBe(`${ISSUER}/device/code`);

      const authorization = await client.initiateDeviceAuthorization(config, {
        scope: 'openid profile offline_access',
      });
      expect(authorization.user_code).toMatch(USER_CODE);
      expect(authorization).toMatchObject({
        verification_uri: `${BASE_URL}/device`,
        verification_uri_complete: `${BASE_URL}/device?user_code=${authorization.user_code}`,
        expires_in: 1800,
        interval: 5,
      });

      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let settled = false;
      const polling = client.pollDeviceAuthorizationGrant(config, authorization);
      polling.then(
        () => (settled = true),
        () => (settled = true),
      );
      await driveUntil(h(), rp, () => rp.polls.length > 0 && rp.inFlight === 0);
      expect(rp.polls).toEqual(['authorization_pending']);

      // Between two polls the browser claims the request on the page, and approves it.
      const page = await review(browser, authorization.user_code);
      expect(page.status, page.text).toBe(200);
      expect(page.body).toMatchObject({
        user_code: authorization.user_code,
        status: 'pending',
        client_id: device.clientId,
        scope: 'openid profile offline_access',
        client: {
          client_id: device.clientId,
          client_name: 'Living Room TV',
          logo_uri: 'https://tv.example.com/logo.png',
        },
      });
      const approved = await browser.post('/device/approve', { userCode: authorization.user_code });
      expect(approved.status, approved.text).toBe(200);
      expect(approved.body).toEqual({ success: true });

      await driveUntil(h(), rp, () => settled);
      const tokens = await polling;
      vi.useRealTimers();
      expect(rp.polls).toEqual(['authorization_pending', 'tokens']);
      expect(tokens.refresh_token).toEqual(expect.any(String));
      expect(tokens.scope).toBe('openid profile offline_access');
      expect(tokens.claims()).toMatchObject({ iss: ISSUER, sub: user.id, aud: device.clientId });
      const info = await client.fetchUserInfo(config, tokens.access_token, user.id);
      expect(info).toMatchObject({ sub: user.id, name: 'Ada Lovelace' });

      const row = await rowOf(h(), authorization.user_code);
      expect(row).toMatchObject({ status: 'redeemed', userId: user.id });
      const consent = await oauthProviderSchema
        .db(h().auth.context)
        .selectFrom('oauthConsent')
        .selectAll()
        .where('clientId', '=', device.clientId)
        .executeTakeFirstOrThrow();
      expect(consent).toMatchObject({ userId: user.id, scopes: '["openid","profile","offline_access"]' });
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'oauth-device-approved', userId: user.id, detail: expect.anything() }),
      );
    });

    it('authenticates a confidential client at /device/code as at the token endpoint', async () => {
      const rp = await insertClient(h(), { grantTypes: [DEVICE_CODE_GRANT] });
      const codes = await formPost(h(), '/device/code', { scope: 'openid' }, basic(rp));
      expect(codes.status, codes.text).toBe(200);
      expect(codes.headers.get('cache-control')).toBe('no-store');
      const wrong = await formPost(h(), '/device/code', {}, basic({ ...rp, clientSecret: 'wrong' }));
      expect(wrong.status).toBe(401);
      expect(wrong.body.error).toBe('invalid_client');
      // Without its secret a confidential client does not pass as a public one.
      expectOAuthError(await formPost(h(), '/device/code', { client_id: rp.clientId }), 'invalid_client');
      const row = await oauthProviderSchema
        .db(h().auth.context)
        .selectFrom('oauthDeviceCode')
        .selectAll()
        .where('clientId', '=', rp.clientId)
        .execute();
      expect(row).toHaveLength(1);
      expect(row[0]!.deviceCode).not.toBe(codes.body.device_code);
    });

    it('refuses a client that is not registered for the device grant, and writes no request', async () => {
      const rp = await deviceClient(h(), { grantTypes: ['authorization_code'] });
      expectOAuthError(await requestCodes(h(), rp), 'unauthorized_client');
      const rows = await oauthProviderSchema
        .db(h().auth.context)
        .selectFrom('oauthDeviceCode')
        .select('id')
        .where('clientId', '=', rp.clientId)
        .execute();
      expect(rows).toHaveLength(0);
    });

    it('refuses scopes the client may not ask for', async () => {
      const rp = await deviceClient(h(), { scopes: ['openid'] });
      expectOAuthError(await requestCodes(h(), rp, { scope: 'openid email' }), 'invalid_scope');
    });

    it('answers authorization_pending, then slow_down to a poll before the interval, which grows by 5 seconds', async () => {
      const { rp, deviceCode, userCode } = await pendingRequest(h());
      expectOAuthError(await poll(h(), rp, deviceCode), 'authorization_pending', 'Authorization pending');
      h().clock.advance(5);
      expectOAuthError(await poll(h(), rp, deviceCode), 'authorization_pending');
      h().clock.advance(4);
      expectOAuthError(await poll(h(), rp, deviceCode), 'slow_down', 'Polling too frequently');
      expect((await rowOf(h(), userCode)).pollingInterval).toBe(10);
      // The old interval is no longer enough: the device must now wait 10 seconds.
      h().clock.advance(5);
      expectOAuthError(await poll(h(), rp, deviceCode), 'slow_down');
      expect((await rowOf(h(), userCode)).pollingInterval).toBe(15);
      h().clock.advance(15);
      expectOAuthError(await poll(h(), rp, deviceCode), 'authorization_pending');
    });

    it('answers access_denied once the user denies the request', async () => {
      const request = await pendingRequest(h());
      expect((await review(request.browser, request.userCode)).status).toBe(200);
      const denied = await request.browser.post('/device/deny', { userCode: request.userCode });
      expect(denied.status, denied.text).toBe(200);
      expect(denied.body).toEqual({ success: true });
      expect(await rowOf(h(), request.userCode)).toMatchObject({ status: 'denied', userId: request.userId });
      expectOAuthError(await poll(h(), request.rp, request.deviceCode), 'access_denied', 'Access denied');
      expect(events).toContainEqual(expect.objectContaining({ type: 'oauth-device-denied', userId: request.userId }));
      // Denied is final: the page cannot turn it into an approval.
      const late = await request.browser.post('/device/approve', { userCode: request.userCode });
      expect(late.status).toBe(400);
      expect(late.body.code).toBe('DEVICE_CODE_ALREADY_PROCESSED');
    });

    it('answers expired_token once the request has expired, and the page says the code expired', async () => {
      const request = await pendingRequest(h());
      h().clock.advance(1800);
      expectOAuthError(await poll(h(), request.rp, request.deviceCode), 'expired_token', 'Device code has expired');
      const page = await review(request.browser, request.userCode);
      expect(page.status).toBe(400);
      expect(page.body).toMatchObject({ code: 'EXPIRED_USER_CODE', message: 'User code has expired' });
    });

    it("refuses another user's claimed request with 403, on the page and to approve or deny it", async () => {
      const request = await pendingRequest(h());
      expect((await review(request.browser, request.userCode)).status).toBe(200);
      const { client: other } = await h().signUp();
      const page = await review(other, request.userCode);
      expect(page.status).toBe(403);
      expect(page.body.code).toBe('ACCESS_DENIED');
      expect(page.body.client_id).toBeUndefined();
      for (const path of ['/device/approve', '/device/deny']) {
        const answer = await other.post(path, { userCode: request.userCode });
        expect(answer.status).toBe(403);
        expect(answer.body.code).toBe('ACCESS_DENIED');
      }
      expect(await rowOf(h(), request.userCode)).toMatchObject({ status: 'pending', userId: request.userId });
    });

    it('answers 401 to a signed-out browser and leaves the request unclaimed', async () => {
      const request = await pendingRequest(h());
      const signedOut = h().client();
      expect((await review(signedOut, request.userCode)).status).toBe(401);
      for (const path of ['/device/approve', '/device/deny'])
        expect((await signedOut.post(path, { userCode: request.userCode })).status).toBe(401);
      expect(await rowOf(h(), request.userCode)).toMatchObject({ status: 'pending', userId: null });
    });

    it('needs the request claimed on the page before it can be approved', async () => {
      const request = await pendingRequest(h());
      const early = await request.browser.post('/device/approve', { userCode: request.userCode });
      expect(early.status).toBe(400);
      expect(early.body.code).toBe('DEVICE_CODE_NOT_CLAIMED');
      expect(await rowOf(h(), request.userCode)).toMatchObject({ status: 'pending', userId: null });
    });

    it('matches a user code typed in lower case, without its dash or with spaces; an unknown one is refused', async () => {
      const request = await pendingRequest(h());
      const typed = request.userCode.toLowerCase().replace('-', '');
      const page = await review(request.browser, typed);
      expect(page.status, page.text).toBe(200);
      expect(page.body.user_code).toBe(request.userCode);
      const spaced = ` ${request.userCode.slice(0, 4)} ${request.userCode.slice(5).toLowerCase()} `;
      expect((await request.browser.post('/device/approve', { userCode: spaced })).status).toBe(200);
      const unknown = await review(request.browser, 'ZZZZ-ZZZZ');
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({ code: 'INVALID_USER_CODE', message: 'Invalid user code' });
    });

    it('redeems a device code once: presented again it is refused and what it issued is revoked', async () => {
      const request = await pendingRequest(h());
      await approve(request);
      const tokens = await poll(h(), request.rp, request.deviceCode);
      expect(tokens.status, tokens.text).toBe(200);
      expect(tokens.body).toMatchObject({ token_type: 'Bearer', scope: 'openid profile offline_access' });
      expect(tokens.body.id_token).toEqual(expect.any(String));
      h().clock.advance(5);
      expectOAuthError(await poll(h(), request.rp, request.deviceCode), 'invalid_grant', 'Invalid device code');
      const { grantId } = await rowOf(h(), request.userCode);
      const rows = await grantRows(h(), grantId);
      expect(rows.access).toHaveLength(1);
      expect(rows.access[0]!.revoked).not.toBeNull();
      expect(rows.refresh[0]!.revoked).not.toBeNull();
    });

    it('issues nothing once the approving session has ended', async () => {
      const request = await pendingRequest(h());
      await approve(request);
      expect((await request.browser.post('/sign-out')).status).toBe(200);
      expectOAuthError(await poll(h(), request.rp, request.deviceCode), 'invalid_grant', 'session no longer exists');
      expect((await rowOf(h(), request.userCode)).status).toBe('approved');
    });

    it('answers a request of a disabled client as unknown on the page', async () => {
      const request = await pendingRequest(h());
      await oauthProviderSchema
        .db(h().auth.context)
        .updateTable('oauthClient')
        .set({ disabled: true })
        .where('clientId', '=', request.rp.clientId)
        .execute();
      const page = await review(request.browser, request.userCode);
      expect(page.status).toBe(400);
      expect(page.body.code).toBe('INVALID_USER_CODE');
      expect((await rowOf(h(), request.userCode)).userId).toBeNull();
    });

    it('keeps an expired request a day, so a late poll still hears expired_token, then prunes it', async () => {
      const request = await pendingRequest(h());
      h().clock.advance(1800 + 23 * 60 * 60);
      await pruneJobForTests(h().auth).runPass();
      expectOAuthError(await poll(h(), request.rp, request.deviceCode), 'expired_token');
      h().clock.advance(2 * 60 * 60);
      await pruneJobForTests(h().auth).runPass();
      expectOAuthError(await poll(h(), request.rp, request.deviceCode), 'invalid_grant', 'Invalid device code');
    });

    it("refuses another client's device code without touching it", async () => {
      const request = await pendingRequest(h());
      await approve(request);
      const thief = await deviceClient(h());
      expectOAuthError(await poll(h(), thief, request.deviceCode), 'invalid_grant');
      expect((await poll(h(), request.rp, request.deviceCode)).status).toBe(200);
    });

    it('lets exactly one of two overlapping redemptions win, and revokes what it issued', async () => {
      const request = await pendingRequest(h());
      await approve(request);
      const answers = await holdingCalls(h().auth.context.users, 'findById', 2, async () => {
        const first = poll(h(), request.rp, request.deviceCode);
        // The first poll is held past its pacing check; the second comes an interval later.
        for (let turn = 0; (await rowOf(h(), request.userCode)).lastPolledAt === null; turn++) {
          if (turn > 1000) throw new Error('the first poll never arrived');
          await new Promise((resolve) => setImmediate(resolve));
        }
        h().clock.advance(5);
        return Promise.all([first, poll(h(), request.rp, request.deviceCode)]);
      });
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      const { grantId } = await rowOf(h(), request.userCode);
      const rows = await grantRows(h(), grantId);
      expect(rows.access).toHaveLength(1);
      expect(rows.access[0]!.revoked).not.toBeNull();
    });
  },
  withOAuthProvider({}, { observers: [observer] }),
);

describeEachDialect(
  'oauth-provider device verification rate limit',
  (h) => {
    it('limits user-code lookups from one address to the strict tier', async () => {
      const { client: browser } = await h().signUp();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++) statuses.push((await review(browser, 'ABCD-EFGH')).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
      const approves: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++)
        approves.push((await browser.post('/device/approve', { userCode: 'ABCD-EFGH' })).status);
      expect(approves).toEqual([400, 400, 400, 429]);
    });
  },
  withOAuthProvider({}, { rateLimit: { enabled: true } }),
);
