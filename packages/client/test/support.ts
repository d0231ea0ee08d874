/**
 * @module A real Latchkey server for the client tests: the engine with the standalone server's
 * plugins (username, admin, organization with teams) on a temporary SQLite file behind node:http
 * on a free port, and a fetch that keeps cookies the way a browser does (Node's fetch has no
 * cookie jar) and sends the page's Origin.
 */
import { authInternalsForTests } from '@latchkey/server/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import {
  adminPlugin,
  createAuth,
  organizationPlugin,
  usernamePlugin,
  type Auth,
  type OAuthProvider,
} from '@latchkey/server';
import { afterAll, beforeAll, expect } from 'vitest';
import { createAuthClient, type AuthClient } from '../src';
import { adminClient, organizationClient, usernameClient } from '../src/plugins';
import { cookieFetch, type CookieFetch } from '../../../test/cookie-fetch';

/** Verifying this address makes an admin (the admin plugin's `adminEmails` bootstrap). */
export const ADMIN_EMAIL = 'client-admin@example.com';

function testPlugins() {
  return [
    usernamePlugin(),
    adminPlugin({ adminEmails: [ADMIN_EMAIL] }),
    organizationPlugin({ teams: { enabled: true } }),
  ] as const;
}

/** The test server's auth: what the tests type their clients from (`createAuthClient<TestAuth>`). */
export type TestAuth = Auth<ReturnType<typeof testPlugins>>;

export interface TestServer {
  baseURL: string;
  auth: TestAuth;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Sign-in providers, built once the server's address (their redirect URIs' origin) is known. */
  socialProviders?(baseURL: string): OAuthProvider[] | Promise<OAuthProvider[]>;
}

export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-client-'));
  // The server listens first (its port is the auth's baseURL); requests wait for `auth` below.
  const holder: { auth?: TestAuth } = {};
  const server: ServerType = await new Promise((resolve) => {
    const s = serve(
      { fetch: (request) => holder.auth!.handler(request, { clientIp: '127.0.0.1' }), port: 0, hostname: '127.0.0.1' },
      () => resolve(s),
    );
  });
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const auth = createAuth({
    baseURL,
    secret: 'client-test-secret-client-test-secret-01',
    database: { url: `sqlite://${join(dir, 'auth.db')}` },
    rateLimit: { enabled: false },
    plugins: testPlugins(),
    socialProviders: await options.socialProviders?.(baseURL),
    logger: { info() {}, warn() {}, error: (obj, msg) => console.error(msg, obj) },
  });
  await auth.migrate();
  holder.auth = auth;
  return {
    baseURL,
    auth,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await auth.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One server for the test file, started before its tests and closed after them. The object is
 * filled in once the server runs: tests read its fields when they run, not at module level.
 */
export function useTestServer(options: ServerOptions = {}): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    Object.assign(server, await startServer(options));
  });
  afterAll(() => server.close?.());
  return server;
}

export { cookieFetch, type CookieFetch };

let counter = 0;
export function uniqueEmail(prefix = 'client'): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export const PASSWORD = 'correct horse battery';

export interface Browser {
  client: AuthClient<TestAuth>;
  jar: CookieFetch;
}

/** The client plugins of the test server's plugins: what a client typed `TestAuth` is given. */
export function testClientPlugins() {
  return [usernameClient(), adminClient(), organizationClient()] as const;
}

/** A client typed from the test server's auth, with its plugins, at `baseURL` through `fetch`. */
export function testClient(baseURL: string, fetch?: typeof globalThis.fetch): AuthClient<TestAuth> {
  return createAuthClient<TestAuth>({ baseURL, fetchOptions: fetch ? { fetch } : {}, plugins: testClientPlugins() });
}

/** A client typed from the test server's auth, with a browser's cookie jar of its own. */
export function browser(server: TestServer): Browser {
  const jar = cookieFetch(server.baseURL);
  return { client: testClient(server.baseURL, jar.fetch), jar };
}

/** Signs a new user up (and so in) through the client; `fields` may carry plugin fields (a username). */
export async function signedUpBrowser(
  server: TestServer,
  fields: { email?: string; name?: string; username?: string } = {},
) {
  const session = browser(server);
  const email = fields.email ?? uniqueEmail();
  const { data, error } = await session.client.signUp.email({
    name: 'Client User',
    ...fields,
    email,
    password: PASSWORD,
  });
  expect(error).toBeNull();
  return { ...session, email, user: data!.user };
}

/** Marks an address verified in the store, as following the mailed link would (accepting an invitation needs it). */
export async function markEmailVerified(server: TestServer, userId: string): Promise<void> {
  await authInternalsForTests(server.auth).users.update(userId, { emailVerified: true, updatedAt: new Date() });
}
