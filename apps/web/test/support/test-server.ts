/**
 * @module A real Latchkey server for component tests: the engine with the standalone server's
 * plugins (username, admin, organization with teams, audit, two-factor, passkey, OAuth provider) on a temporary SQLite file, a
 * development outbox for mail, and a cookie-keeping fetch that sends the page's Origin as a
 * browser would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { cookieFetch as sharedCookieFetch } from '../../../../test/cookie-fetch';
import {
  DEFAULT_ADMIN_ROLES,
  adminPlugin,
  auditPlugin,
  createAuth,
  createOutboxMailer,
  oauthProviderPlugin,
  organizationPlugin,
  passkeyPlugin,
  platformPermission,
  twoFactorPlugin,
  usernamePlugin,
  type AuthOptions,
  type OutboxMailer,
} from '@latchkey/server';

export const ADMIN_EMAIL = 'admin@example.com';
export const PASSWORD = 'correct horse battery';

/**
 * The built-in roles and one an operator could add with ADMIN_ROLES: applications alone, for the
 * console's per-screen access.
 */
export const APPLICATIONS_ROLE = 'applicationsManager';
const TEST_ROLES = {
  ...DEFAULT_ADMIN_ROLES,
  [APPLICATIONS_ROLE]: { oauthClient: ['read', 'create', 'update', 'delete'] },
};

export interface TestServer {
  baseURL: string;
  outbox: OutboxMailer;
  close(): Promise<void>;
}

/** `socialProviders`: sign-in providers for the screens that show them (none by default). */
export interface TestServerOptions {
  socialProviders?: AuthOptions['socialProviders'];
  /** Mail a verification link on sign-up, as the standalone server does when it can mail. */
  sendVerificationOnSignUp?: boolean;
  /** Seconds a session counts as fresh (the engine's default otherwise). */
  freshAge?: number;
  /** The server's clock (the engine's `now`): a test moves it with `offsetClock` instead of sleeping. */
  now?: () => Date;
  /** Places for IP addresses (the standalone server's GEOIP_DATABASE), for the session lists. */
  ipLocation?: AuthOptions['ipLocation'];
  /**
   * Believe X-Forwarded-For from the test's own requests (all from 127.0.0.1), so that a test
   * client can stand for a device elsewhere on the Internet.
   */
  forwardedFor?: boolean;
}

/** The wall clock, moved forward by hand: the server sees time pass that the test did not wait for. */
export interface OffsetClock {
  now(): Date;
  advance(seconds: number): void;
}

export function offsetClock(): OffsetClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (seconds) => {
      offsetMs += seconds * 1000;
    },
  };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-web-'));
  const holder: { handler?: (request: Request) => Promise<Response> } = {};
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: (request) => holder.handler!(request), port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const outbox = createOutboxMailer();
  const auth = createAuth({
    baseURL,
    secret: 'web-test-secret-web-test-secret-web-01',
    database: { url: `sqlite://${join(dir, 'auth.db')}` },
    rateLimit: { enabled: false },
    mailer: outbox,
    user: { changeEmail: { enabled: true }, deleteUser: { enabled: true } },
    plugins: [
      usernamePlugin(),
      adminPlugin({ adminEmails: [ADMIN_EMAIL], roles: TEST_ROLES }),
      // As the standalone server (apps/server/src/plugins.ts): whoever may view a user sees their organizations.
      organizationPlugin({
        teams: { enabled: true },
        mayListUserOrganizations: (caller) =>
          platformPermission({ adminEmails: [ADMIN_EMAIL] })(caller, { user: ['get'] }),
      }),
      // As the standalone server: the admins read everyone's events, each user their own.
      auditPlugin({
        mayListAuditEvents: (caller) => platformPermission({ adminEmails: [ADMIN_EMAIL] })(caller, { audit: ['list'] }),
      }),
      // As the standalone server: a second sign-in step, which the admins may reset.
      twoFactorPlugin({
        mayResetUserTwoFactor: (caller) =>
          platformPermission({ adminEmails: [ADMIN_EMAIL] })(caller, { twoFactor: ['reset'] }),
      }),
      // As the standalone server: passkeys, their relying party this server's host (127.0.0.1); the
      // admins list and remove a user's.
      passkeyPlugin({
        mayManageUserPasskeys: (caller, action) =>
          platformPermission({ adminEmails: [ADMIN_EMAIL], roles: TEST_ROLES })(caller, { passkey: [action] }),
      }),
      // As the standalone server: the OAuth provider, its login and consent pages this app's; one
      // scope beyond OpenID's, for the machine (client_credentials) applications of the admin tests.
      oauthProviderPlugin({ scopes: ['read:reports'] }),
    ],
    socialProviders: options.socialProviders,
    emailVerification: { sendOnSignUp: options.sendVerificationOnSignUp ?? false },
    ...(options.freshAge === undefined ? {} : { session: { freshAge: options.freshAge } }),
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.ipLocation === undefined ? {} : { ipLocation: options.ipLocation }),
    ...(options.forwardedFor ? { trustedProxies: ['127.0.0.1'] } : {}),
    logger: { info() {}, warn() {}, error: (obj, msg) => console.error(msg, obj) },
  });
  await auth.migrate();
  holder.handler = (request) => auth.handler(request, { clientIp: '127.0.0.1' });
  return {
    baseURL,
    outbox,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await auth.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Proves `email` by the mailed verification link, as its owner would. A listed admin address
 * (ADMIN_EMAIL) becomes admin only then; a session made before keeps the role it was cached with,
 * so sign in afterwards.
 */
export async function verifyAddressByMail(server: TestServer, email: string): Promise<void> {
  const url = `${server.baseURL}/api/auth/send-verification-email`;
  const sent = await sharedCookieFetch(server.baseURL).postJson(url, { email });
  if (!sent.ok) throw new Error(`send-verification-email answered ${sent.status}`);
  const link = server.outbox
    .list()
    .flatMap((mail) => (mail.to === email ? mail.links : []))
    .find((candidate) => candidate.includes('/verify-email?'));
  if (!link) throw new Error(`no verification link was mailed to ${email}`);
  const followed = await fetch(link, { redirect: 'manual' });
  if (followed.status !== 200 && followed.status !== 302) throw new Error(`verify-email answered ${followed.status}`);
}

/** The cookie-keeping fetch of the shared test support, as a plain fetch. */
export function cookieFetch(origin: string): typeof fetch {
  return sharedCookieFetch(origin).fetch;
}

let counter = 0;
export function uniqueEmail(prefix = 'web'): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}
