/**
 * Client authentication at the token endpoint on every database (RFC 6749 §2.3, RFC 7523): each
 * method's success, the registered method and no other, a wrong or expired secret, a disabled
 * client, and private_key_jwt's checks — signature, audience, lifetime, and a jti used once.
 */
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { API, BASE_URL, describeEachDialect, type Harness } from '../../../../test/support/harness';
import { insertClient, withOAuthProvider, type ClientFixture } from './fixtures';
import { basic, formPost } from './token-fixtures';

const ISSUER = BASE_URL + API;
const TOKEN_URL = `${ISSUER}/oauth2/token`;
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const M2M = { grantTypes: ['client_credentials'], clientCredentialsScopes: '["read"]' } as const;

let privateKey: CryptoKey;
let jwks: string;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  privateKey = pair.privateKey;
  jwks = JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256' }] });
});

function clientCredentials(h: Harness, params: Record<string, string>, headers: Record<string, string> = {}) {
  return formPost(h, '/oauth2/token', { grant_type: 'client_credentials', ...params }, headers);
}

async function assertion(h: Harness, clientId: string, claims: { aud?: string; exp?: number; jti?: string } = {}) {
  const now = Math.floor(h.clock.now().getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(claims.aud ?? TOKEN_URL)
    .setIssuedAt(now)
    .setExpirationTime(claims.exp ?? now + 60)
    .setJti(claims.jti ?? crypto.randomUUID())
    .sign(privateKey);
}

function withAssertion(jwt: string) {
  return { client_assertion_type: ASSERTION_TYPE, client_assertion: jwt };
}

describeEachDialect(
  'oauth-provider client authentication',
  (h) => {
    it('accepts client_secret_basic', async () => {
      const client = await insertClient(h(), M2M);
      expect((await clientCredentials(h(), {}, basic(client))).status).toBe(200);
    });

    it('refuses a wrong secret over Basic with 401 invalid_client and a Basic challenge', async () => {
      const client = await insertClient(h(), M2M);
      const response = await clientCredentials(h(), {}, basic({ clientId: client.clientId, clientSecret: 'wrong' }));
      expect(response.status).toBe(401);
      expect(response.body.error).toBe('invalid_client');
      expect(response.headers.get('www-authenticate')).toBe('Basic');
    });

    it('accepts client_secret_post for a client registered with it, and answers its failure 400', async () => {
      const client = await insertClient(h(), { ...M2M, tokenEndpointAuthMethod: 'client_secret_post' });
      const ok = await clientCredentials(h(), { client_id: client.clientId, client_secret: client.clientSecret! });
      expect(ok.status).toBe(200);
      const wrong = await clientCredentials(h(), { client_id: client.clientId, client_secret: 'wrong' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toBe('invalid_client');
      expect(wrong.headers.get('www-authenticate')).toBeNull();
    });

    it('refuses a method other than the registered one, even with the right secret', async () => {
      const client = await insertClient(h(), M2M);
      const response = await clientCredentials(h(), {
        client_id: client.clientId,
        client_secret: client.clientSecret!,
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('invalid_client');
      // Leaving the secret out does not make a confidential client public.
      const bare = await clientCredentials(h(), { client_id: client.clientId });
      expect(bare.body.error).toBe('invalid_client');
    });

    it('refuses a body client_id that names another client than the Basic header', async () => {
      const client = await insertClient(h(), M2M);
      const response = await clientCredentials(h(), { client_id: 'someone-else' }, basic(client));
      expect(response.status).toBe(401);
      expect(response.body.error).toBe('invalid_client');
    });

    it('refuses two methods in one request', async () => {
      const client = await insertClient(h(), M2M);
      const response = await clientCredentials(h(), { client_secret: client.clientSecret! }, basic(client));
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('invalid_request');
    });

    it('refuses an expired secret, a disabled client and an unknown one', async () => {
      const past = new Date(h().clock.now().getTime() - 1000);
      const expired = await insertClient(h(), { ...M2M, clientSecretExpiresAt: past });
      expect((await clientCredentials(h(), {}, basic(expired))).body.error_description).toBe(
        'client secret has expired',
      );
      const disabled = await insertClient(h(), { ...M2M, disabled: true });
      expect((await clientCredentials(h(), {}, basic(disabled))).status).toBe(401);
      const unknown: ClientFixture = { clientId: 'nobody', clientSecret: 'x' };
      expect((await clientCredentials(h(), {}, basic(unknown))).body.error).toBe('invalid_client');
    });

    it('accepts a private_key_jwt assertion once, and refuses its replay', async () => {
      const client = await insertClient(h(), { ...M2M, tokenEndpointAuthMethod: 'private_key_jwt', jwks });
      const jwt = await assertion(h(), client.clientId);
      const first = await clientCredentials(h(), withAssertion(jwt));
      expect(first.status).toBe(200);
      const replay = await clientCredentials(h(), withAssertion(jwt));
      expect(replay.status).toBe(400);
      expect(replay.body).toMatchObject({
        error: 'invalid_client',
        error_description: 'client assertion jti has already been used',
      });
    });

    it('accepts the issuer as audience, and refuses another audience, a far exp and a foreign key', async () => {
      const client = await insertClient(h(), { ...M2M, tokenEndpointAuthMethod: 'private_key_jwt', jwks });
      expect(
        (await clientCredentials(h(), withAssertion(await assertion(h(), client.clientId, { aud: ISSUER })))).status,
      ).toBe(200);
      const wrongAud = await clientCredentials(
        h(),
        withAssertion(await assertion(h(), client.clientId, { aud: 'https://other.example.com' })),
      );
      expect(wrongAud.body.error).toBe('invalid_client');
      const now = Math.floor(h().clock.now().getTime() / 1000);
      const far = await clientCredentials(
        h(),
        withAssertion(await assertion(h(), client.clientId, { exp: now + 3600 })),
      );
      expect(far.body.error_description).toBe('client assertion exp is too far in the future');
      const foreign = await generateKeyPair('ES256');
      const forged = await new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setIssuer(client.clientId)
        .setSubject(client.clientId)
        .setAudience(TOKEN_URL)
        .setExpirationTime(now + 60)
        .setJti(crypto.randomUUID())
        .sign(foreign.privateKey);
      expect((await clientCredentials(h(), withAssertion(forged))).body.error).toBe('invalid_client');
    });

    it('refuses an assertion from a client registered for a secret, and a secret from a private_key_jwt client', async () => {
      const secretClient = await insertClient(h(), { ...M2M, jwks });
      const asserted = await clientCredentials(h(), withAssertion(await assertion(h(), secretClient.clientId)));
      expect(asserted.body.error).toBe('invalid_client');
      const jwtClient = await insertClient(h(), { ...M2M, tokenEndpointAuthMethod: 'private_key_jwt', jwks });
      const bare = await clientCredentials(h(), { client_id: jwtClient.clientId });
      expect(bare.body.error).toBe('invalid_client');
    });
  },
  withOAuthProvider(),
);
