/**
 * The OAuth provider in the deployable: on by default, configured from OAUTH_SCOPES and
 * OAUTH_DYNAMIC_REGISTRATION, its discovery documents also at the origin's root (OpenID Connect
 * Discovery) and at RFC 8414's path-inserted location; OAUTH_PROVIDER=off takes all of it away.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandalone, stopStandalone, type StandaloneProcess } from './support/standalone-process';

const dirs: string[] = [];
const servers: StandaloneProcess[] = [];

async function start(env: Record<string, string>): Promise<StandaloneProcess> {
  const cwd = mkdtempSync(join(tmpdir(), 'latchkey-oauth-provider-'));
  dirs.push(cwd);
  // No web app: a path nobody answers is then a JSON 404, not the app's page.
  const server = await startStandalone(cwd, { WEB_DIR: join(cwd, 'no-web-app'), ...env });
  servers.push(server);
  return server;
}

afterAll(async () => {
  for (const server of servers) await stopStandalone(server);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('standalone server with the OAuth provider on (the default)', () => {
  let server: StandaloneProcess;
  let issuer: string;

  beforeAll(async () => {
    server = await start({ OAUTH_SCOPES: 'read:notes,write:notes', OAUTH_DYNAMIC_REGISTRATION: 'open' });
    issuer = `http://localhost:${server.port}/api/auth`;
  });

  it('answers the OpenID configuration under the base path and at the origin’s root alike', async () => {
    const underBase = await fetch(`${server.url}/api/auth/.well-known/openid-configuration`);
    expect(underBase.status).toBe(200);
    const document = (await underBase.json()) as Record<string, unknown>;
    expect(document).toMatchObject({
      issuer,
      jwks_uri: `${issuer}/jwks`,
      registration_endpoint: `${issuer}/oauth2/register`,
      // The organization plugin is on in the standalone server: its scope comes with it.
      scopes_supported: ['openid', 'profile', 'email', 'offline_access', 'read:notes', 'write:notes', 'organization'],
    });
    for (const path of ['/.well-known/openid-configuration', '/.well-known/openid-configuration/api/auth']) {
      const atRoot = await fetch(server.url + path);
      expect(atRoot.status, path).toBe(200);
      expect(atRoot.headers.get('access-control-allow-origin')).toBe('*');
      expect(atRoot.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
      expect(await atRoot.json()).toEqual(document);
    }
  });

  it('answers the RFC 8414 metadata at /.well-known/oauth-authorization-server/api/auth', async () => {
    const response = await fetch(`${server.url}/.well-known/oauth-authorization-server/api/auth`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ issuer, token_endpoint: `${issuer}/oauth2/token` });
    // Only the issuer's own location: the root one would describe an issuer without a path.
    expect((await fetch(`${server.url}/.well-known/oauth-authorization-server`)).status).toBe(404);
    expect((await fetch(`${server.url}/.well-known/oauth-authorization-server/other`)).status).toBe(404);
  });

  it('publishes its signing key at /api/auth/jwks', async () => {
    const response = await fetch(`${server.url}/api/auth/jwks`);
    expect(response.status).toBe(200);
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toEqual([expect.objectContaining({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' })]);
  });
});

describe('standalone server with OAUTH_PROVIDER=off', () => {
  let server: StandaloneProcess;

  beforeAll(async () => {
    server = await start({ OAUTH_PROVIDER: 'off' });
  });

  it('serves no discovery document, at the root or under the base path, and no JWKS', async () => {
    for (const path of [
      '/.well-known/openid-configuration',
      '/.well-known/oauth-authorization-server/api/auth',
      '/api/auth/.well-known/openid-configuration',
      '/api/auth/jwks',
    ]) {
      const response = await fetch(server.url + path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });
});
