/**
 * POST /oauth2/token on every database: each grant's success, and each refusal the RFCs require —
 * PKCE (RFC 7636 §4.6), the code's single use and its replay revoking what it issued (RFC 6749
 * §4.1.2, RFC 9700 §4.5), the redirect URI and client binding, refresh rotation and a replay
 * revoking the family (RFC 9700 §4.14.2), scope narrowing only, client_credentials' fail-closed
 * scopes — and two redemptions of one code in parallel, of which exactly one wins.
 */
import * as oauth from 'oauth4webapi';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { expect, it } from 'vitest';
import type { AuthEvent } from '../../..';
import { API, BASE_URL, describeEachDialect, type Harness } from '../../../../test/support/harness';
import { holdingCalls } from '../../../../test/support/held-calls';
import { oauthProviderSchema } from '../schema';
import { insertClient, RP_REDIRECT, withOAuthProvider } from './fixtures';
import {
  basic,
  exchangeCode,
  formPost,
  grantRows,
  insertCode,
  refresh,
  signedInUser,
  VERIFIER,
} from './token-fixtures';

const ISSUER = BASE_URL + API;
const RESOURCE = 'https://api.example.com';
const events: AuthEvent[] = [];
const observer = { event: (event: AuthEvent) => void events.push(event) };

function expectOAuthError(response: { status: number; body: any; headers: Headers }, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(response.body.error).toBe(error);
  expect(response.headers.get('cache-control')).toBe('no-store');
}

async function codeFor(h: Harness, columns: Parameters<typeof insertCode>[3] = {}) {
  const client = await insertClient(h);
  const user = await signedInUser(h);
  const code = await insertCode(h, client, user, columns);
  return { client, user, ...code };
}

describeEachDialect(
  'oauth-provider token endpoint',
  (h) => {
    it('exchanges a code for opaque access and refresh tokens and an ID token, answered no-store', async () => {
      const { client, code, userId, sessionId, grantId } = await codeFor(h());
      const response = await exchangeCode(h(), client, code);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.body).toMatchObject({
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'openid profile email offline_access',
      });
      expect(response.body.access_token).toMatch(/^[\w-]{43}$/);
      expect(response.body.refresh_token).toMatch(/^[\w-]{43}$/);
      const idToken = decodeJwt(response.body.id_token);
      expect(idToken).toMatchObject({
        iss: ISSUER,
        sub: userId,
        aud: client.clientId,
        azp: client.clientId,
        nonce: 'nonce-1',
        sid: sessionId,
      });
      expect(idToken.exp! - idToken.iat!).toBe(10 * 60 * 60);
      expect(idToken.auth_time).toBe(Math.floor(h().clock.now().getTime() / 1000));
      // Claims stay at userinfo: better-auth puts none in the ID token by default.
      expect(idToken).not.toHaveProperty('email');
      const rows = await grantRows(h(), grantId);
      expect(rows.access).toHaveLength(1);
      expect(rows.refresh).toHaveLength(1);
      // Only digests rest in the database.
      expect(rows.access[0]!.token).not.toBe(response.body.access_token);
      expect(rows.access[0]!.refreshId).toBe(rows.refresh[0]!.id);
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'oauth-token-issued', method: 'authorization_code', userId }),
      );
    });

    it('gives no refresh token without offline_access, and no ID token without openid', async () => {
      const { client, code } = await codeFor(h(), { scopes: ['profile'] });
      const response = await exchangeCode(h(), client, code);
      expect(response.status).toBe(200);
      expect(response.body.scope).toBe('profile');
      expect(response.body).not.toHaveProperty('refresh_token');
      expect(response.body).not.toHaveProperty('id_token');
    });

    it('issues an RFC 9068 JWT access token for a configured resource, its jti recorded', async () => {
      const { client, code, userId, grantId } = await codeFor(h());
      const response = await exchangeCode(h(), client, code, { resource: RESOURCE });
      expect(response.status).toBe(200);
      expect(decodeProtectedHeader(response.body.access_token).typ).toBe('at+jwt');
      const claims = decodeJwt(response.body.access_token);
      expect(claims).toMatchObject({ iss: ISSUER, sub: userId, aud: RESOURCE, client_id: client.clientId });
      expect(claims.scope).toBe('openid profile email offline_access');
      const { access } = await grantRows(h(), grantId);
      expect(access[0]!.token).toBe(claims.jti);
    });

    it('refuses a resource that is not configured with invalid_target', async () => {
      const { client, code } = await codeFor(h());
      expectOAuthError(
        await exchangeCode(h(), client, code, { resource: 'https://elsewhere.example.com' }),
        400,
        'invalid_target',
      );
    });

    it('refuses a wrong code_verifier, and a missing one, with invalid_grant', async () => {
      const { client, code } = await codeFor(h());
      expectOAuthError(await exchangeCode(h(), client, code, { code_verifier: 'w'.repeat(64) }), 400, 'invalid_grant');
      const missing = await formPost(
        h(),
        '/oauth2/token',
        { grant_type: 'authorization_code', code, redirect_uri: RP_REDIRECT },
        basic(client),
      );
      expectOAuthError(missing, 400, 'invalid_grant');
      expect(missing.body.error_description).toBe('code_verifier is required');
    });

    it('refuses a code_verifier for a code issued without a challenge', async () => {
      const client = await insertClient(h(), { requirePKCE: false });
      const { code } = await insertCode(h(), client, await signedInUser(h()), { codeChallenge: null });
      expectOAuthError(await exchangeCode(h(), client, code), 400, 'invalid_grant');
      // The same code, redeemed as it was issued (a confidential client without PKCE), works.
      const plain = await formPost(
        h(),
        '/oauth2/token',
        { grant_type: 'authorization_code', code, redirect_uri: RP_REDIRECT },
        basic(client),
      );
      expect(plain.status).toBe(200);
    });

    it('refuses a code without a challenge to a public client', async () => {
      const client = await insertClient(h(), { tokenEndpointAuthMethod: 'none', requirePKCE: false });
      const { code } = await insertCode(h(), client, await signedInUser(h()), { codeChallenge: null });
      const response = await formPost(h(), '/oauth2/token', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: RP_REDIRECT,
        client_id: client.clientId,
      });
      expectOAuthError(response, 400, 'invalid_grant');
    });

    it('lets a public client redeem its code with PKCE alone', async () => {
      const client = await insertClient(h(), { tokenEndpointAuthMethod: 'none' });
      const { code } = await insertCode(h(), client, await signedInUser(h()));
      const response = await formPost(h(), '/oauth2/token', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: RP_REDIRECT,
        client_id: client.clientId,
        code_verifier: VERIFIER,
      });
      expect(response.status).toBe(200);
    });

    it('refuses a code used twice and revokes the tokens of its first exchange', async () => {
      const { client, code, grantId } = await codeFor(h());
      const first = await exchangeCode(h(), client, code);
      expect(first.status).toBe(200);
      const second = await exchangeCode(h(), client, code);
      expectOAuthError(second, 400, 'invalid_grant');
      const rows = await grantRows(h(), grantId);
      expect(rows.access.every((row) => row.revoked !== null)).toBe(true);
      expect(rows.refresh.every((row) => row.revoked !== null)).toBe(true);
      expect(events.some((e) => e.type === 'oauth-token-replayed' && e.method === 'authorization_code')).toBe(true);
      // The first exchange's refresh token is dead too.
      expectOAuthError(await refresh(h(), client, first.body.refresh_token), 400, 'invalid_grant');
    });

    it('refuses another redirect_uri, and a missing one', async () => {
      const { client, code } = await codeFor(h());
      expectOAuthError(
        await exchangeCode(h(), client, code, { redirect_uri: 'https://rp.example.com/other' }),
        400,
        'invalid_grant',
      );
      const missing = await formPost(
        h(),
        '/oauth2/token',
        { grant_type: 'authorization_code', code, code_verifier: VERIFIER },
        basic(client),
      );
      expectOAuthError(missing, 400, 'invalid_request');
    });

    it("refuses another client's code", async () => {
      const { code } = await codeFor(h());
      const other = await insertClient(h());
      expectOAuthError(await exchangeCode(h(), other, code), 400, 'invalid_grant');
    });

    it('refuses an expired code', async () => {
      const { client, code } = await codeFor(h(), { expiresAt: new Date(h().clock.now().getTime() - 1000) });
      const response = await exchangeCode(h(), client, code);
      expectOAuthError(response, 400, 'invalid_grant');
      expect(response.body.error_description).toBe('code has expired');
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'oauth-token-refused',
          outcome: 'failure',
          detail: { error: 'invalid_grant', clientId: client.clientId },
        }),
      );
    });

    it('refuses a code whose session has ended (a banned user has none)', async () => {
      const { client, code, sessionId, userId } = await codeFor(h());
      await h().auth.context.sessions.deleteById(sessionId, userId);
      expectOAuthError(await exchangeCode(h(), client, code), 400, 'invalid_grant');
    });

    it('answers a missing field with invalid_request and an unknown grant with unsupported_grant_type', async () => {
      const client = await insertClient(h());
      expectOAuthError(await formPost(h(), '/oauth2/token', {}, basic(client)), 400, 'invalid_request');
      expectOAuthError(
        await formPost(h(), '/oauth2/token', { grant_type: 'password' }, basic(client)),
        400,
        'unsupported_grant_type',
      );
      const noCode = await formPost(h(), '/oauth2/token', { grant_type: 'authorization_code' }, basic(client));
      expectOAuthError(noCode, 400, 'invalid_request');
    });

    it('refuses a grant type the client did not register with unauthorized_client', async () => {
      const client = await insertClient(h(), {
        grantTypes: ['client_credentials'],
        clientCredentialsScopes: '["read"]',
      });
      const { code } = await insertCode(h(), client, await signedInUser(h()));
      expectOAuthError(await exchangeCode(h(), client, code), 400, 'unauthorized_client');
    });

    it('rotates the refresh token, keeping its grant, and narrows the scope on request', async () => {
      const { client, code, grantId } = await codeFor(h());
      const first = await exchangeCode(h(), client, code);
      const next = await refresh(h(), client, first.body.refresh_token, { scope: 'openid profile' });
      expect(next.status).toBe(200);
      expect(next.body.scope).toBe('openid profile');
      expect(next.body.refresh_token).not.toBe(first.body.refresh_token);
      expect(decodeJwt(next.body.id_token)).not.toHaveProperty('nonce');
      const rows = await grantRows(h(), grantId);
      expect(rows.refresh).toHaveLength(2);
      expect(rows.refresh.filter((row) => row.rotatedAt !== null)).toHaveLength(1);
      // The family keeps the granted scopes: a later refresh may ask for email again.
      const third = await refresh(h(), client, next.body.refresh_token);
      expect(third.body.scope).toBe('openid profile email offline_access');
    });

    it('refuses a widened scope with invalid_scope', async () => {
      const { client, code } = await codeFor(h(), { scopes: ['openid', 'offline_access'] });
      const first = await exchangeCode(h(), client, code);
      expectOAuthError(
        await refresh(h(), client, first.body.refresh_token, { scope: 'openid email' }),
        400,
        'invalid_scope',
      );
    });

    it('refuses a replayed refresh token and revokes its whole family', async () => {
      const { client, code, grantId } = await codeFor(h());
      const first = await exchangeCode(h(), client, code);
      const rotated = await refresh(h(), client, first.body.refresh_token);
      expect(rotated.status).toBe(200);
      expectOAuthError(await refresh(h(), client, first.body.refresh_token), 400, 'invalid_grant');
      const rows = await grantRows(h(), grantId);
      expect(rows.refresh.every((row) => row.revoked !== null)).toBe(true);
      expect(rows.access.every((row) => row.revoked !== null)).toBe(true);
      // The rotated successor belonged to the family: it is dead too.
      expectOAuthError(await refresh(h(), client, rotated.body.refresh_token), 400, 'invalid_grant');
    });

    it('refuses an expired refresh token', async () => {
      const { client, code } = await codeFor(h());
      const first = await exchangeCode(h(), client, code);
      h().clock.advance(30 * 24 * 60 * 60 + 1);
      expectOAuthError(await refresh(h(), client, first.body.refresh_token), 400, 'invalid_grant');
    });

    it("refuses another client's refresh token without revoking it", async () => {
      const { client, code, grantId } = await codeFor(h());
      const first = await exchangeCode(h(), client, code);
      const other = await insertClient(h());
      expectOAuthError(await refresh(h(), other, first.body.refresh_token), 400, 'invalid_grant');
      const rows = await grantRows(h(), grantId);
      expect(rows.refresh[0]!.revoked).toBeNull();
    });

    it('issues a client_credentials token within the assigned scopes, without refresh or ID token', async () => {
      const client = await insertClient(h(), {
        grantTypes: ['client_credentials'],
        clientCredentialsScopes: '["read","write"]',
      });
      const response = await formPost(
        h(),
        '/oauth2/token',
        { grant_type: 'client_credentials', scope: 'read' },
        basic(client),
      );
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ token_type: 'Bearer', scope: 'read' });
      expect(response.body).not.toHaveProperty('refresh_token');
      expect(response.body).not.toHaveProperty('id_token');
      const row = await oauthProviderSchema
        .db(h().auth.context)
        .selectFrom('oauthAccessToken')
        .selectAll()
        .where('clientId', '=', client.clientId)
        .executeTakeFirstOrThrow();
      expect(row.userId).toBeNull();
      const wider = await formPost(
        h(),
        '/oauth2/token',
        { grant_type: 'client_credentials', scope: 'admin' },
        basic(client),
      );
      expectOAuthError(wider, 400, 'invalid_scope');
    });

    it('refuses client_credentials to a client with no assigned scopes, and to a public client', async () => {
      const client = await insertClient(h(), { grantTypes: ['client_credentials'] });
      expectOAuthError(
        await formPost(h(), '/oauth2/token', { grant_type: 'client_credentials' }, basic(client)),
        400,
        'unauthorized_client',
      );
      const pub = await insertClient(h(), {
        tokenEndpointAuthMethod: 'none',
        grantTypes: ['client_credentials'],
        clientCredentialsScopes: '["read"]',
      });
      const response = await formPost(h(), '/oauth2/token', {
        grant_type: 'client_credentials',
        client_id: pub.clientId,
      });
      expectOAuthError(response, 400, 'unauthorized_client');
    });

    it('redeems a code for oauth4webapi as the relying party, and refreshes', async () => {
      const { client, code, userId } = await codeFor(h());
      const as: oauth.AuthorizationServer = { issuer: ISSUER, token_endpoint: `${ISSUER}/oauth2/token` };
      // Our default signing algorithm; oauth4webapi expects RS256 unless the client says otherwise.
      const rp: oauth.Client = {
        client_id: client.clientId,
        id_token_signed_response_alg: 'EdDSA',
        // The relying party's clock is the test's, not the wall clock.
        [oauth.clockSkew]: Math.round((h().clock.now().getTime() - Date.now()) / 1000),
      };
      const options = {
        [oauth.allowInsecureRequests]: true,
        [oauth.customFetch]: (url: string, init: RequestInit) =>
          h().auth.handler(new Request(url, init), { clientIp: '203.0.113.20' }),
      };
      const callback = oauth.validateAuthResponse(as, rp, new URL(`${RP_REDIRECT}?code=${code}`), oauth.skipStateCheck);
      const auth = oauth.ClientSecretBasic(client.clientSecret!);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        rp,
        auth,
        callback,
        RP_REDIRECT,
        VERIFIER,
        options,
      );
      const tokens = await oauth.processAuthorizationCodeResponse(as, rp, response, {
        expectedNonce: 'nonce-1',
        requireIdToken: true,
      });
      expect(oauth.getValidatedIdTokenClaims(tokens)?.sub).toBe(userId);
      const refreshed = await oauth.processRefreshTokenResponse(
        as,
        rp,
        await oauth.refreshTokenGrantRequest(as, rp, auth, tokens.refresh_token!, options),
      );
      expect(refreshed.access_token).toBeTruthy();
    });

    it('lets exactly one of two parallel redemptions of a code win, and revokes what it issued', async () => {
      const { client, code, grantId } = await codeFor(h());
      // Both requests read the unused code before either marks it: only the conditional update decides.
      const answers = await holdingCalls(h().auth.context.users, 'findById', 2, () =>
        Promise.all([exchangeCode(h(), client, code), exchangeCode(h(), client, code)]),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
      const rows = await grantRows(h(), grantId);
      expect(rows.access).toHaveLength(1);
      expect(rows.access[0]!.revoked).not.toBeNull();
    });

    it('lets exactly one of two parallel refreshes win, and revokes the family', async () => {
      const { client, code, grantId } = await codeFor(h());
      const first = await exchangeCode(h(), client, code);
      const answers = await holdingCalls(h().auth.context.users, 'findById', 2, () =>
        Promise.all([refresh(h(), client, first.body.refresh_token), refresh(h(), client, first.body.refresh_token)]),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
      const rows = await grantRows(h(), grantId);
      expect(rows.refresh).toHaveLength(2);
      expect(rows.refresh.every((row) => row.revoked !== null)).toBe(true);
    });
  },
  withOAuthProvider({ resources: [RESOURCE] }, { observers: [observer] }),
);
