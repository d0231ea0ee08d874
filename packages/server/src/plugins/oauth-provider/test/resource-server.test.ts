/**
 * What relying parties and resource servers do with tokens, on every database: userinfo's claims
 * per scope and its RFC 6750 refusals, introspection (RFC 7662) that tells another client nothing,
 * revocation (RFC 7009) and its cascade, and tokens bound to a session that has ended.
 */
import { expect, it } from 'vitest';
import { describeEachDialect, type Harness } from '../../../../test/support/harness';
import { oauthProviderSchema } from '../schema';
import { insertClient, withOAuthProvider, type ClientFixture } from './fixtures';
import {
  basic,
  exchangeCode,
  formPost,
  grantRows,
  insertCode,
  introspect,
  refresh,
  signedInUser,
} from './token-fixtures';

const RESOURCE = 'https://api.example.com';

async function tokensFor(h: Harness, scopes?: readonly string[], more: Record<string, string> = {}) {
  const client = await insertClient(h);
  const user = await signedInUser(h);
  const code = await insertCode(h, client, user, scopes ? { scopes } : {});
  const response = await exchangeCode(h, client, code.code, more);
  expect(response.status).toBe(200);
  return { client, ...code, tokens: response.body as { access_token: string; refresh_token?: string } };
}

function userinfo(h: Harness, token: string, method: 'GET' | 'POST' = 'GET') {
  return h
    .client()
    .request(method, '/oauth2/userinfo', undefined, { origin: null, headers: { authorization: `Bearer ${token}` } });
}

function revoke(h: Harness, client: ClientFixture, token: string, hint?: string) {
  return formPost(h, '/oauth2/revoke', { token, ...(hint ? { token_type_hint: hint } : {}) }, basic(client));
}

describeEachDialect(
  'oauth-provider userinfo, introspection and revocation',
  (h) => {
    it('answers userinfo with the claims of the granted scopes', async () => {
      const { tokens, userId } = await tokensFor(h(), ['openid', 'profile', 'email']);
      const response = await userinfo(h(), tokens.access_token);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.body).toEqual({
        sub: userId,
        name: 'Ada King Lovelace',
        given_name: 'Ada King',
        family_name: 'Lovelace',
        email: expect.stringContaining('@example.com'),
        email_verified: false,
      });
      const openidOnly = await tokensFor(h(), ['openid']);
      expect((await userinfo(h(), openidOnly.tokens.access_token, 'POST')).body).toEqual({ sub: openidOnly.userId });
    });

    it('refuses userinfo without a token, with an unknown one, and without openid', async () => {
      const bare = await h().client().get('/oauth2/userinfo');
      expect(bare.status).toBe(401);
      expect(bare.headers.get('www-authenticate')).toBe('Bearer');
      const unknown = await userinfo(h(), 'nope');
      expect(unknown.status).toBe(401);
      expect(unknown.body.error).toBe('invalid_token');
      expect(unknown.headers.get('www-authenticate')).toContain('error="invalid_token"');
      const { tokens } = await tokensFor(h(), ['profile']);
      const noOpenid = await userinfo(h(), tokens.access_token);
      expect(noOpenid.status).toBe(403);
      expect(noOpenid.body.error).toBe('insufficient_scope');
    });

    it('refuses userinfo once the access token is revoked, and once it expired', async () => {
      const { client, tokens } = await tokensFor(h(), ['openid']);
      expect((await revoke(h(), client, tokens.access_token)).status).toBe(200);
      expect((await userinfo(h(), tokens.access_token)).status).toBe(401);
      const other = await tokensFor(h(), ['openid']);
      h().clock.advance(3601);
      expect((await userinfo(h(), other.tokens.access_token)).status).toBe(401);
    });

    it('refuses an ID token presented as an access token', async () => {
      const { tokens } = await tokensFor(h(), ['openid']);
      const idToken = (tokens as { id_token?: string }).id_token!;
      expect((await userinfo(h(), idToken)).status).toBe(401);
    });

    it('refuses the tokens of a client that has been disabled', async () => {
      const { client, tokens } = await tokensFor(h(), ['openid']);
      await oauthProviderSchema
        .db(h().auth.context)
        .updateTable('oauthClient')
        .set({ disabled: true })
        .where('clientId', '=', client.clientId)
        .execute();
      expect((await userinfo(h(), tokens.access_token)).status).toBe(401);
    });

    it("ends a session's access tokens with it; an offline_access refresh token gets a working one after", async () => {
      const online = await tokensFor(h(), ['openid']);
      const offline = await tokensFor(h(), ['openid', 'offline_access']);
      await h().auth.context.sessions.deleteById(online.sessionId, online.userId);
      await h().auth.context.sessions.deleteById(offline.sessionId, offline.userId);
      expect((await userinfo(h(), online.tokens.access_token)).status).toBe(401);
      // Revoked by the logout (logout/store.ts, better-auth's rule); the grant itself lives on.
      expect((await userinfo(h(), offline.tokens.access_token)).status).toBe(401);
      const next = await refresh(h(), offline.client, offline.tokens.refresh_token!);
      expect(next.status).toBe(200);
      expect((await userinfo(h(), next.body.access_token)).status).toBe(200);
    });

    it('introspects an access token for its client, opaque and JWT', async () => {
      const { client, tokens, userId, sessionId } = await tokensFor(h(), ['openid', 'profile']);
      const response = await introspect(h(), client, tokens.access_token);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        active: true,
        scope: 'openid profile',
        client_id: client.clientId,
        sub: userId,
        sid: sessionId,
        token_type: 'Bearer',
      });
      expect(response.body.exp - response.body.iat).toBe(3600);
      const jwt = await tokensFor(h(), ['openid'], { resource: RESOURCE });
      expect((await introspect(h(), jwt.client, jwt.tokens.access_token)).body).toMatchObject({
        active: true,
        aud: RESOURCE,
      });
    });

    it('answers active false to another client, and for unknown and revoked tokens', async () => {
      const { client, tokens } = await tokensFor(h());
      const other = await insertClient(h());
      expect((await introspect(h(), other, tokens.access_token)).body).toEqual({ active: false });
      expect((await introspect(h(), other, tokens.refresh_token!, 'refresh_token')).body).toEqual({ active: false });
      expect((await introspect(h(), client, 'unknown')).body).toEqual({ active: false });
      await revoke(h(), client, tokens.access_token, 'access_token');
      expect((await introspect(h(), client, tokens.access_token)).body).toEqual({ active: false });
    });

    it('introspects a refresh token for its own client, whatever the hint', async () => {
      const { client, tokens, userId } = await tokensFor(h());
      const response = await introspect(h(), client, tokens.refresh_token!, 'access_token');
      expect(response.body).toMatchObject({ active: true, token_type: 'refresh_token', sub: userId });
    });

    it('requires client authentication to introspect and to revoke', async () => {
      const { tokens } = await tokensFor(h());
      const response = await formPost(h(), '/oauth2/introspect', { token: tokens.access_token });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('invalid_request');
      const wrong = await formPost(
        h(),
        '/oauth2/revoke',
        { token: tokens.access_token },
        basic({ clientId: 'x', clientSecret: 'y' }),
      );
      expect(wrong.status).toBe(401);
      expect(wrong.body.error).toBe('invalid_client');
    });

    it('revokes a refresh token with every token of its grant', async () => {
      const { client, tokens, grantId } = await tokensFor(h());
      const response = await revoke(h(), client, tokens.refresh_token!, 'refresh_token');
      expect(response.status).toBe(200);
      const rows = await grantRows(h(), grantId);
      expect(rows.refresh.every((row) => row.revoked !== null)).toBe(true);
      expect(rows.access.every((row) => row.revoked !== null)).toBe(true);
      expect((await introspect(h(), client, tokens.access_token)).body).toEqual({ active: false });
    });

    it("answers 200 for an unknown token and for another client's, which stays active", async () => {
      const { client, tokens, grantId } = await tokensFor(h());
      const other = await insertClient(h());
      expect((await revoke(h(), other, 'unknown')).status).toBe(200);
      expect((await revoke(h(), other, tokens.refresh_token!)).status).toBe(200);
      expect((await revoke(h(), other, tokens.access_token)).status).toBe(200);
      const rows = await grantRows(h(), grantId);
      expect(rows.refresh[0]!.revoked).toBeNull();
      expect(rows.access[0]!.revoked).toBeNull();
      expect((await introspect(h(), client, tokens.access_token)).body.active).toBe(true);
    });
  },
  withOAuthProvider({ resources: [RESOURCE] }),
);
