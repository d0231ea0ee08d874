/**
 * An MCP client and server against the provider, on every database, as MCP's authorization spec
 * has them meet: the resource server (a real node:http server) answers 401 with RFC 9728's
 * `resource_metadata`, serves its Protected Resource Metadata (built by the plugin's helper) and
 * verifies RFC 9068 JWT access tokens with jose against the provider's JWKS; the client discovers
 * the authorization server from it, names itself with a Client ID Metadata Document, runs the
 * authorization code flow with PKCE and `resource`, and calls the server with the token.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { oauthProtectedResourceMetadata } from '../../..';
import { describeEachDialect, uniqueEmail, type Harness } from '../../../../test/support/harness';
import { useTestNetwork } from '../remote/remote-documents';
import { startDocumentServer, type DocumentServer } from './document-server';
import { withOAuthProvider } from './fixtures';
import { ISSUER, openAuthorization, signInAndConsent } from './relying-party';

const PASSWORD = 'correct horse battery';
const SCOPE = 'mcp:tools';
/** A native MCP client's loopback listener (RFC 8252 §7.3). */
const REDIRECT_URI = 'http://127.0.0.1:33418/callback';

/** The provider, reached in process as the network would carry the request. */
let harness: Harness | undefined;
function provider(url: string, init: RequestInit = {}): Promise<Response> {
  if (!harness) throw new Error('harness not ready');
  return harness.auth.handler(new Request(url, init), { clientIp: '198.51.100.9' });
}

/** The MCP server: its one tool at /mcp, behind tokens for its resource URI. */
async function startResourceServer(): Promise<{ server: Server; resource: string; metadataUrl: string }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const resource = `${origin}/mcp`;
  // RFC 9728 §3.1: the well-known segment goes between the host and the resource's path.
  const metadataUrl = `${origin}/.well-known/oauth-protected-resource/mcp`;
  server.on('request', (request, response) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    if (request.url === '/.well-known/oauth-protected-resource/mcp') {
      send(
        200,
        oauthProtectedResourceMetadata({ resource, issuer: ISSUER, scopes: [SCOPE], signingAlgorithms: ['EdDSA'] }),
      );
      return;
    }
    const challenge = { 'www-authenticate': `Bearer resource_metadata="${metadataUrl}"` };
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) {
      send(401, { error: 'unauthorized' }, challenge);
      return;
    }
    void (async () => {
      const jwks = (await (await provider(`${ISSUER}/jwks`)).json()) as JSONWebKeySet;
      try {
        const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
          issuer: ISSUER,
          audience: resource,
          typ: 'at+jwt',
          currentDate: harness!.clock.now(),
        });
        send(200, { tool: 'echo', sub: payload.sub, scope: payload.scope });
      } catch {
        send(401, { error: 'invalid_token' }, challenge);
      }
    })();
  });
  return { server, resource, metadataUrl };
}

const rs = await startResourceServer();
let documents: DocumentServer;
beforeAll(async () => {
  documents = await startDocumentServer();
});
afterAll(async () => {
  await documents.close();
  await new Promise((resolve) => rs.server.close(resolve));
});

/** The client's own metadata document, whose URL is its client_id. */
function publishClient(): string {
  const clientId = `${documents.origin()}/mcp-client.json`;
  documents.json('/mcp-client.json', {
    client_id: clientId,
    client_name: 'MCP Inspector',
    redirect_uris: [REDIRECT_URI],
    application_type: 'native',
    grant_types: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_method: 'none',
  });
  return clientId;
}

describeEachDialect(
  'oauth-provider with an MCP client and resource server',
  (h) => {
    beforeAll(() => {
      harness = h();
      useTestNetwork(h().auth.context, documents.network);
    });

    it('discovers the provider from the resource, registers by metadata document, and calls the resource with a JWT', async () => {
      // 1. The resource refuses, and says where its metadata is.
      const refused = await fetch(rs.resource);
      expect(refused.status).toBe(401);
      const metadataUrl = /resource_metadata="([^"]+)"/.exec(refused.headers.get('www-authenticate') ?? '')?.[1];
      expect(metadataUrl).toBe(rs.metadataUrl);

      // 2. Its metadata names the authorization server (RFC 9728 §3.3: for this very resource).
      const resourceMetadata = (await (await fetch(metadataUrl!)).json()) as Record<string, unknown>;
      expect(resourceMetadata).toEqual({
        resource: rs.resource,
        authorization_servers: [ISSUER],
        bearer_methods_supported: ['header'],
        scopes_supported: [SCOPE],
        resource_signing_alg_values_supported: ['EdDSA'],
      });
      const [issuer] = resourceMetadata.authorization_servers as string[];

      // 3. The authorization server's metadata (RFC 8414), which must accept a metadata document client_id.
      const server = (await (await provider(`${issuer}/.well-known/oauth-authorization-server`)).json()) as Record<
        string,
        unknown
      >;
      expect(server.issuer).toBe(issuer);
      expect(server.client_id_metadata_document_supported).toBe(true);
      expect(server.code_challenge_methods_supported).toContain('S256');

      // 4. Authorization code with PKCE, for the resource, as that client.
      const clientId = publishClient();
      const verifier = randomBytes(32).toString('base64url');
      const state = randomBytes(16).toString('base64url');
      const authorizationUrl = new URL(server.authorization_endpoint as string);
      authorizationUrl.search = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: REDIRECT_URI,
        scope: SCOPE,
        state,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        resource: rs.resource,
      }).toString();
      const email = uniqueEmail('mcp');
      const { user } = await h().signUp(email, PASSWORD, 'Grace Hopper');
      const browser = h().client();
      const loginPage = await openAuthorization(browser, authorizationUrl);
      const callback = await signInAndConsent(browser, loginPage, { email, password: PASSWORD });
      expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
      expect(callback.searchParams.get('state')).toBe(state);
      expect(callback.searchParams.get('iss')).toBe(issuer);

      const token = await provider(server.token_endpoint as string, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: callback.searchParams.get('code')!,
          redirect_uri: REDIRECT_URI,
          client_id: clientId,
          code_verifier: verifier,
          resource: rs.resource,
        }),
      });
      const tokens = (await token.json()) as { access_token: string; scope: string };
      expect(token.status, JSON.stringify(tokens)).toBe(200);
      expect(tokens.scope).toBe(SCOPE);

      // 5. The resource takes the token: a JWT for its audience, signed by the provider's key.
      const called = await fetch(rs.resource, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(called.status).toBe(200);
      expect(await called.json()).toEqual({ tool: 'echo', sub: user.id, scope: SCOPE });
      // What it cannot verify as the provider's JWT for it, it refuses with the same challenge.
      const forged = await fetch(rs.resource, { headers: { authorization: 'Bearer not-a-jwt' } });
      expect(forged.status).toBe(401);
    });
  },
  withOAuthProvider({ scopes: [SCOPE], resources: [rs.resource] }),
);
