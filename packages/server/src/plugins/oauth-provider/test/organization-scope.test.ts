/**
 * The `organization` scope on every database, with the organization plugin on: advertised, granted
 * per organization (the session's active one at authorization, kept in the code and the refresh
 * token), and answered as `org_*` and `organizations` claims in the ID token, UserInfo, JWT access
 * tokens and introspection, read as the memberships stand when asked. Without the plugin the scope
 * does not exist.
 */
import { decodeJwt } from 'jose';
import { expect, it } from 'vitest';
import { oauthProviderPlugin, organizationPlugin } from '../../..';
import { describeEachDialect, type Harness, type TestClient } from '../../../../test/support/harness';
import { insertMember, insertOrganization, setActiveOrganizationRow } from '../../organization/test/rows';
import { organizationDb } from '../../organization/schema';
import { oauthProviderSchema } from '../schema';
import { insertClient, RP_REDIRECT, type ClientFixture } from './fixtures';
import { basic, CHALLENGE, formPost, introspect, refresh, VERIFIER } from './token-fixtures';

const RESOURCE = 'https://api.example.com/';
const NAVIGATE = { 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'document' };

function authorizeUrl(clientId: string, scope: string): string {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: RP_REDIRECT,
    scope,
    state: 's',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    resource: RESOURCE,
  });
  return `/oauth2/authorize?${params}`;
}

/** What better-auth's oauthProviderClient() forwards from a page's URL. */
function oauthQueryOf(page: URL): string {
  const signed = new Set(page.searchParams.getAll('ba_param'));
  const forwarded = new URLSearchParams();
  for (const [key, value] of page.searchParams) {
    if (key === 'sig' || key === 'ba_param' || signed.has(key)) forwarded.append(key, value);
  }
  return forwarded.toString();
}

/** The browser authorizes the client: the consent page when it is due (accepted), then the code. */
async function authorizeCode(browser: TestClient, clientId: string, scope: string) {
  const response = await browser.get(authorizeUrl(clientId, scope), { headers: NAVIGATE });
  expect(response.status).toBe(302);
  let url = new URL(response.headers.get('location')!);
  const consented = url.pathname === '/consent';
  if (consented) {
    const accepted = await browser.post('/oauth2/consent', { accept: true, oauth_query: oauthQueryOf(url) });
    expect(accepted.status).toBe(200);
    url = new URL(accepted.body.url);
  }
  expect(url.origin + url.pathname).toBe(RP_REDIRECT);
  return { code: url.searchParams.get('code')!, consented };
}

function exchange(h: Harness, client: ClientFixture, code: string) {
  return formPost(
    h,
    '/oauth2/token',
    { grant_type: 'authorization_code', code, redirect_uri: RP_REDIRECT, code_verifier: VERIFIER },
    basic(client),
  );
}

async function activate(h: Harness, browser: TestClient, userId: string, organizationId: string | null) {
  await setActiveOrganizationRow(h, userId, organizationId);
  await browser.get('/get-session?disableCookieCache=true');
}

describeEachDialect(
  'oauth-provider organization scope',
  (h) => {
    async function ownerOfTwo() {
      const { client: browser, user } = await h().signUp();
      const acme = await insertOrganization(h(), { name: 'Acme', slug: `acme-${user.id.slice(0, 8)}` });
      const globex = await insertOrganization(h(), { name: 'Globex', slug: `globex-${user.id.slice(0, 8)}` });
      await insertMember(h(), acme, user.id, 'owner');
      await insertMember(h(), globex, user.id, 'member');
      await activate(h(), browser, user.id, acme);
      return { browser, userId: user.id as string, acme, globex };
    }

    it('is advertised with its claims', async () => {
      const config = await h().client().get('/.well-known/openid-configuration');
      expect(config.body.scopes_supported).toContain('organization');
      expect(config.body.claims_supported).toEqual(
        expect.arrayContaining(['org_id', 'org_slug', 'org_name', 'org_role', 'organizations']),
      );
    });

    it("carries the active organization at authorization and the user's memberships, kept across a refresh", async () => {
      const client = await insertClient(h());
      const { browser, userId, acme, globex } = await ownerOfTwo();
      const { code } = await authorizeCode(browser, client.clientId, 'openid organization offline_access');
      const codeRow = await oauthProviderSchema
        .db(h().auth.context)
        .selectFrom('oauthAuthorizationCode')
        .select('referenceId')
        .where('clientId', '=', client.clientId)
        .executeTakeFirstOrThrow();
      expect(codeRow.referenceId).toBe(acme);

      const tokens = await exchange(h(), client, code);
      expect(tokens.status).toBe(200);
      // Both joined at the same instant here: their order is not the point.
      const memberships = expect.arrayContaining([
        { id: acme, slug: expect.stringMatching(/^acme-/), name: 'Acme', role: 'owner' },
        { id: globex, slug: expect.stringMatching(/^globex-/), name: 'Globex', role: 'member' },
      ]);
      const expected = { org_id: acme, org_name: 'Acme', org_role: 'owner', organizations: memberships };
      expect(decodeJwt(tokens.body.id_token)).toMatchObject({ sub: userId, ...expected });
      expect(decodeJwt(tokens.body.access_token)).toMatchObject({ aud: RESOURCE, ...expected });
      const userInfo = await h()
        .client()
        .get('/oauth2/userinfo', { headers: { authorization: `Bearer ${tokens.body.access_token}` } });
      expect(userInfo.body).toMatchObject({ sub: userId, ...expected });
      expect((await introspect(h(), client, tokens.body.access_token)).body).toMatchObject({
        active: true,
        ...expected,
      });

      // Another organization made active later does not move the grant: a refresh acts for the same one.
      await activate(h(), browser, userId, globex);
      const refreshed = await refresh(h(), client, tokens.body.refresh_token);
      expect(refreshed.status).toBe(200);
      expect(decodeJwt(refreshed.body.id_token)).toMatchObject({ org_id: acme, org_role: 'owner' });
    });

    it('is consented per organization: another active organization asks again', async () => {
      const client = await insertClient(h());
      const { browser, userId, globex } = await ownerOfTwo();
      expect((await authorizeCode(browser, client.clientId, 'openid organization')).consented).toBe(true);
      expect((await authorizeCode(browser, client.clientId, 'openid organization')).consented).toBe(false);
      await activate(h(), browser, userId, globex);
      expect((await authorizeCode(browser, client.clientId, 'openid organization')).consented).toBe(true);
      // Scopes without it are consented once, whichever organization is active.
      expect((await authorizeCode(browser, client.clientId, 'openid profile')).consented).toBe(true);
      await activate(h(), browser, userId, null);
      expect((await authorizeCode(browser, client.clientId, 'openid profile')).consented).toBe(false);
    });

    it('drops the organization a user has left from the claims of later tokens', async () => {
      const client = await insertClient(h());
      const { browser, userId, acme, globex } = await ownerOfTwo();
      const { code } = await authorizeCode(browser, client.clientId, 'openid organization offline_access');
      const tokens = await exchange(h(), client, code);
      await organizationDb(h().auth.context)
        .deleteFrom('member')
        .where('userId', '=', userId)
        .where('organizationId', '=', acme)
        .execute();
      const refreshed = await refresh(h(), client, tokens.body.refresh_token);
      const claims = decodeJwt(refreshed.body.id_token);
      expect(claims).not.toHaveProperty('org_id');
      expect(claims.organizations).toEqual([expect.objectContaining({ id: globex })]);
    });

    it('acts for the active organization of the session that approves a device request', async () => {
      const device = await insertClient(h(), {
        tokenEndpointAuthMethod: 'none',
        grantTypes: ['urn:ietf:params:oauth:grant-type:device_code'],
      });
      const { browser, userId, acme } = await ownerOfTwo();
      const codes = await formPost(h(), '/device/code', { client_id: device.clientId, scope: 'openid organization' });
      expect(codes.status, codes.text).toBe(200);
      const userCode = codes.body.user_code as string;
      expect((await browser.get(`/device?user_code=${encodeURIComponent(userCode)}`)).status).toBe(200);
      expect((await browser.post('/device/approve', { userCode })).status).toBe(200);
      const row = await oauthProviderSchema
        .db(h().auth.context)
        .selectFrom('oauthDeviceCode')
        .select('referenceId')
        .where('clientId', '=', device.clientId)
        .executeTakeFirstOrThrow();
      expect(row.referenceId).toBe(acme);
      const consent = await oauthProviderSchema
        .db(h().auth.context)
        .selectFrom('oauthConsent')
        .select('referenceId')
        .where('clientId', '=', device.clientId)
        .executeTakeFirstOrThrow();
      expect(consent.referenceId).toBe(acme);

      const tokens = await formPost(h(), '/oauth2/token', {
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code: codes.body.device_code,
        client_id: device.clientId,
      });
      expect(tokens.status, tokens.text).toBe(200);
      expect(decodeJwt(tokens.body.id_token)).toMatchObject({ sub: userId, org_id: acme, org_name: 'Acme' });
      const userInfo = await h()
        .client()
        .get('/oauth2/userinfo', { headers: { authorization: `Bearer ${tokens.body.access_token}` } });
      expect(userInfo.body).toMatchObject({ sub: userId, org_id: acme, org_role: 'owner' });
    });

    it('gives a device grant no organization to act for when none is active, only the memberships', async () => {
      const device = await insertClient(h(), {
        tokenEndpointAuthMethod: 'none',
        grantTypes: ['urn:ietf:params:oauth:grant-type:device_code'],
      });
      const { browser, userId, acme } = await ownerOfTwo();
      await activate(h(), browser, userId, null);
      const codes = await formPost(h(), '/device/code', { client_id: device.clientId, scope: 'openid organization' });
      const userCode = codes.body.user_code as string;
      expect((await browser.get(`/device?user_code=${encodeURIComponent(userCode)}`)).status).toBe(200);
      expect((await browser.post('/device/approve', { userCode })).status).toBe(200);
      const tokens = await formPost(h(), '/oauth2/token', {
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code: codes.body.device_code,
        client_id: device.clientId,
      });
      expect(tokens.status, tokens.text).toBe(200);
      const claims = decodeJwt(tokens.body.id_token);
      expect(claims).not.toHaveProperty('org_id');
      expect(claims.organizations).toEqual(expect.arrayContaining([expect.objectContaining({ id: acme })]));
    });

    it('gives none of its claims to a grant without it', async () => {
      const client = await insertClient(h());
      const { browser } = await ownerOfTwo();
      const { code } = await authorizeCode(browser, client.clientId, 'openid profile');
      const tokens = await exchange(h(), client, code);
      const claims = decodeJwt(tokens.body.id_token);
      expect(claims).not.toHaveProperty('org_id');
      expect(claims).not.toHaveProperty('organizations');
    });
  },
  { plugins: [organizationPlugin(), oauthProviderPlugin({ resources: [RESOURCE] })] },
);

describeEachDialect(
  'oauth-provider without organizations',
  (h) => {
    it('has no organization scope', async () => {
      const config = await h().client().get('/.well-known/openid-configuration');
      expect(config.body.scopes_supported).not.toContain('organization');
      const client = await insertClient(h());
      const { client: browser } = await h().signUp();
      const response = await browser.get(authorizeUrl(client.clientId, 'openid organization'), { headers: NAVIGATE });
      const url = new URL(response.headers.get('location')!);
      expect(url.searchParams.get('error')).toBe('invalid_scope');
    });
  },
  { plugins: [oauthProviderPlugin()] },
);
