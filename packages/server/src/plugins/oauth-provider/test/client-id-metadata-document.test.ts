/**
 * Client ID Metadata Documents on every database: a client_id that is an https URL is fetched
 * (from a real HTTPS server through the test network), kept as a client row and refreshed when
 * its cache life ends; documents that break the draft's rules are refused; internal addresses are
 * refused on the production network whatever the configuration; and a private_key_jwt client's
 * keys are fetched from its jwks_uri, again once when an assertion names a new key.
 */
import { createHash } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as server from '../../..';
import { API, BASE_URL, describeEachDialect, type Harness } from '../../../../test/support/harness';
import { useTestNetwork } from '../remote/remote-documents';
import { oauthProviderSchema } from '../schema';
import { startDocumentServer, type DocumentServer } from './document-server';
import { insertClient, withOAuthProvider } from './fixtures';
import { formPost } from './token-fixtures';

const ISSUER = BASE_URL + API;
const CHALLENGE = createHash('sha256').update('verifier-'.repeat(6)).digest('base64url');
const NAVIGATE = { 'sec-fetch-mode': 'navigate', accept: 'text/html' };

let documents: DocumentServer;
beforeAll(async () => {
  documents = await startDocumentServer();
});
afterAll(() => documents.close());

/** A document at `path` on the client's site, valid unless `more` says otherwise. */
function publish(path: string, more: Record<string, unknown> = {}, headers: Record<string, string> = {}): string {
  const clientId = `${documents.origin()}${path}`;
  documents.json(
    path,
    {
      client_id: clientId,
      client_name: 'Agent',
      redirect_uris: [`${documents.origin()}/callback`],
      ...more,
    },
    headers,
  );
  return clientId;
}

/** Where the browser is sent when it opens the authorization URL for `clientId`. */
async function authorize(h: Harness, clientId: string, redirectUri = `${documents.origin()}/callback`): Promise<URL> {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: 'openid',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
  });
  const response = await h.client().get(`/oauth2/authorize?${params}`, { headers: NAVIGATE, origin: null });
  expect(response.status, response.text).toBe(302);
  return new URL(response.headers.get('location')!);
}

function clientRow(h: Harness, clientId: string) {
  return oauthProviderSchema
    .db(h.auth.context)
    .selectFrom('oauthClient')
    .selectAll()
    .where('clientId', '=', clientId)
    .executeTakeFirst();
}

function expectRefused(url: URL, description: RegExp) {
  expect(url.pathname).toBe(`${API}/error`);
  expect(url.searchParams.get('error')).toBe('invalid_client');
  expect(url.searchParams.get('error_description')).toMatch(description);
}

describeEachDialect(
  'oauth-provider client ID metadata documents',
  (h, dialect) => {
    beforeAll(() => useTestNetwork(h().auth.context, documents.network));

    it('advertises client_id_metadata_document_supported', async () => {
      const response = await h().client().get('/.well-known/oauth-authorization-server');
      expect(response.body.client_id_metadata_document_supported).toBe(true);
    });

    it('fetches the document of an https client_id and keeps the client it describes as a row', async () => {
      const clientId = publish('/agent.json', { logo_uri: 'https://cdn.example.com/logo.png' });
      const next = await authorize(h(), clientId);
      expect(next.pathname).toBe('/sign-in');
      expect(await clientRow(h(), clientId)).toMatchObject({
        clientId,
        name: 'Agent',
        icon: 'https://cdn.example.com/logo.png',
        tokenEndpointAuthMethod: 'none',
        clientSecret: null,
        userId: null,
        requirePKCE: true,
        redirectUris: JSON.stringify([`${documents.origin()}/callback`]),
      });
      // A redirect URI the document does not list is refused as for any client.
      const elsewhere = await authorize(h(), clientId, 'https://attacker.example.com/callback');
      expect(elsewhere.searchParams.get('error')).toBe('invalid_redirect');
    });

    it('uses the cached document while fresh, then refetches it and updates the row, keeping what an admin set', async () => {
      // One document server for every dialect's suite: each counts the fetches of its own path.
      const path = `/${dialect}/cached.json`;
      const clientId = publish(path, {}, { 'cache-control': 'max-age=120' });
      await authorize(h(), clientId);
      publish(path, { client_name: 'Renamed' }, { 'cache-control': 'max-age=120' });
      await authorize(h(), clientId);
      expect(documents.hits.get(path)).toBe(1);
      expect((await clientRow(h(), clientId))?.name).toBe('Agent');

      h().clock.advance(121_000);
      expect((await authorize(h(), clientId)).pathname).toBe('/sign-in');
      expect(documents.hits.get(path)).toBe(2);
      expect((await clientRow(h(), clientId))?.name).toBe('Renamed');

      await oauthProviderSchema
        .db(h().auth.context)
        .updateTable('oauthClient')
        .set({ disabled: true })
        .where('clientId', '=', clientId)
        .execute();
      publish(path, { client_name: 'Again' }, { 'cache-control': 'max-age=120' });
      h().clock.advance(121_000);
      const refused = await authorize(h(), clientId);
      expect(refused.searchParams.get('error')).toBe('client_disabled');
      expect(await clientRow(h(), clientId)).toMatchObject({ name: 'Again', disabled: true });
    });

    it('refuses documents that break the draft, and keeps no client for them', async () => {
      const cases: [string, Record<string, unknown>, RegExp][] = [
        ['/other-id.json', { client_id: 'https://client.test/someone-else.json' }, /does not match its URL/],
        ['/secret.json', { client_secret: 'shh' }, /must not contain client_secret/],
        ['/basic.json', { token_endpoint_auth_method: 'client_secret_basic' }, /none or private_key_jwt/],
        ['/no-redirects.json', { redirect_uris: undefined }, /must list redirect_uris/],
        ['/skip-consent.json', { skip_consent: true }, /must not contain skip_consent/],
        ['/machine.json', { grant_types: ['client_credentials'] }, /unsupported grant_type client_credentials/],
        ['/logout.json', { backchannel_logout_uri: 'https://client.test/logout' }, /backchannel_logout_uri/],
        ['/home.json', { client_uri: 'https://bank.example.com' }, /same origin as the client_id/],
        ['/script.json', { redirect_uris: ['javascript:alert(1)'] }, /client metadata document/],
      ];
      for (const [path, more, description] of cases) {
        const clientId = publish(path, more);
        expectRefused(await authorize(h(), clientId), description);
        expect(await clientRow(h(), clientId), path).toBeUndefined();
      }
      documents.route('/gone.json', (_request, response) => response.writeHead(404).end());
      expectRefused(await authorize(h(), `${documents.origin()}/gone.json`), /answered 404/);
      expectRefused(await authorize(h(), `${documents.origin()}/`), /must contain a path/);
      expectRefused(await authorize(h(), `${documents.origin()}/x/../agent.json`), /dot segments/);
    });

    it('fetches a private_key_jwt client keys from its jwks_uri, and once more for a new kid', async () => {
      const first = await generateKeyPair('ES256');
      const jwk = async (key: CryptoKey, kid: string) => ({ ...(await exportJWK(key)), kid, alg: 'ES256' });
      const path = `/${dialect}/jwks.json`;
      documents.json(path, { keys: [await jwk(first.publicKey, 'k1')] });
      const jwksUri = `${documents.origin('keys.test')}${path}`;
      const client = await insertClient(h(), {
        grantTypes: ['client_credentials'],
        clientCredentialsScopes: '["read"]',
        tokenEndpointAuthMethod: 'private_key_jwt',
        jwksUri,
      });
      const exchange = async (key: CryptoKey, kid: string) => {
        const now = Math.floor(h().clock.now().getTime() / 1000);
        const jwt = await new SignJWT({})
          .setProtectedHeader({ alg: 'ES256', kid })
          .setIssuer(client.clientId)
          .setSubject(client.clientId)
          .setAudience(`${ISSUER}/oauth2/token`)
          .setExpirationTime(now + 60)
          .setJti(crypto.randomUUID())
          .sign(key);
        return formPost(h(), '/oauth2/token', {
          grant_type: 'client_credentials',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: jwt,
        });
      };
      expect((await exchange(first.privateKey, 'k1')).status).toBe(200);
      expect((await exchange(first.privateKey, 'k1')).status).toBe(200);
      expect(documents.hits.get(path)).toBe(1);

      // The client rotates: an assertion under the new kid fetches the set again, once a minute at most.
      const second = await generateKeyPair('ES256', { extractable: true });
      documents.json(path, { keys: [await jwk(second.publicKey, 'k2')] });
      const tooSoon = await exchange(second.privateKey, 'k2');
      expect(tooSoon.body).toMatchObject({ error: 'invalid_client' });
      expect(documents.hits.get(path)).toBe(1);
      h().clock.advance(61_000);
      expect((await exchange(second.privateKey, 'k2')).status).toBe(200);
      expect((await exchange(second.privateKey, 'k3')).body).toMatchObject({ error: 'invalid_client' });
      expect(documents.hits.get(path)).toBe(2);

      // A set holding a private key is refused like a registered one would be.
      documents.json(path, { keys: [{ ...(await exportJWK(second.privateKey)), kid: 'k4' }] });
      h().clock.advance(3_601_000);
      expect((await exchange(second.privateKey, 'k2')).body).toMatchObject({
        error: 'invalid_client',
        error_description: 'client jwks_uri does not hold a JWK Set of public signing keys',
      });
    });
  },
  withOAuthProvider({ scopes: ['read'] }),
);

describeEachDialect(
  'oauth-provider client ID metadata documents on the production network',
  (h) => {
    it('refuses client_ids on internal addresses, although the base URL is a development one', async () => {
      expect(BASE_URL).toMatch(/^http:\/\/localhost/);
      for (const clientId of [
        `https://127.0.0.1:${new URL(documents.origin()).port}/agent.json`,
        'https://10.0.0.1/agent.json',
        'https://169.254.169.254/latest/meta-data/agent.json',
        'https://[::1]/agent.json',
        'https://[::ffff:7f00:1]/agent.json',
        'https://localhost/agent.json',
      ]) {
        expectRefused(await authorize(h(), clientId), /private or reserved/);
        expect(await clientRow(h(), clientId)).toBeUndefined();
      }
    });

    it('refuses a name that resolves to an internal address', async () => {
      // Only the resolver is replaced: which addresses are allowed stays the production rule.
      useTestNetwork(h().auth.context, { resolve: async () => [{ address: '10.0.0.7', family: 4 }] });
      expectRefused(await authorize(h(), 'https://agent.example.com/agent.json'), /resolves to a private or reserved/);
    });

    it('offers the network seam to no configuration: the package does not export it', () => {
      expect(Object.keys(server)).not.toContain('useTestNetwork');
      expect(Object.keys(server).filter((name) => /network|seam/i.test(name))).toEqual([]);
    });
  },
  withOAuthProvider(),
);

describeEachDialect(
  'oauth-provider with client ID metadata documents off',
  (h) => {
    it('neither advertises nor fetches them: a URL client_id is an unknown client', async () => {
      useTestNetwork(h().auth.context, documents.network);
      const metadata = await h().client().get('/.well-known/oauth-authorization-server');
      expect(metadata.body.client_id_metadata_document_supported).toBeUndefined();
      const clientId = publish('/off.json');
      const next = await authorize(h(), clientId);
      expect(next.searchParams.get('error')).toBe('invalid_client');
      expect(documents.hits.get('/off.json')).toBeUndefined();
    });
  },
  withOAuthProvider({ clientIdMetadataDocuments: false }),
);
