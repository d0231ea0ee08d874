/**
 * @module Social sign-in flows against GitHub's emulated servers. The emulator answers GitHub's
 * token (code and refresh grants), user and e-mails endpoints with GitHub's shapes, and checks
 * PKCE as GitHub does: a code is issued by `authorize` for the challenge and redirect URI of an
 * authorization URL, and redeemed only with the matching verifier. The browser's trip to GitHub
 * is played by `authorize`: it reads the state from the URL `/sign-in/social` answered, and the
 * test then calls `/callback/github?code=…&state=…` from the same client (the same cookies).
 */
import { createHash, randomBytes } from 'node:crypto';
import { github } from '../../../src/oauth/providers/github';
import type { OAuthProvider, ProviderCredentials } from '../../../src/oauth/provider';
import { expect } from 'vitest';
import { uniqueEmail, type Harness, type TestClient, type TestResponse } from '../../support/harness';
import { countRows } from '../../support/rows';
import { startProviderEmulator, type ProviderEmulator } from '../../support/provider-emulator';

export interface GithubIdentity {
  id: number;
  login: string;
  name: string | null;
  /** The public address of the profile (often null on GitHub). */
  email: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
  avatar_url: string | null;
}

interface IssuedCode {
  identity: GithubIdentity;
  challenge: string;
  redirectURI: string;
  scope: string;
}

interface Grant {
  identity: GithubIdentity;
  refreshToken: string;
  scope: string;
}

export interface GithubEmulator extends ProviderEmulator {
  /** Codes the token endpoint answers with an error, as GitHub answers a bad code (200 and an error body). */
  readonly refusedCodes: Set<string>;
  /** While true, `/user` answers 401 to every token. */
  userInfoDown: boolean;
  /**
   * Holds the next `count` requests to `/user/emails` (the last thing a sign-in asks GitHub) until
   * all of them have arrived, then answers them together: concurrent callbacks then reach their
   * database decisions at the same moment.
   */
  holdEmails(count: number): void;
  /** Refresh tokens the refresh grant refuses. */
  readonly refusedRefreshTokens: Set<string>;
  /** The access token last issued for an identity. */
  accessTokenOf(identity: GithubIdentity): string | undefined;
  /** Expiry of the access tokens issued, in seconds (GitHub Apps: 8 hours). */
  expiresIn: number;
  issueCode(identity: GithubIdentity, authorizationURL: string): string;
  providerCredentials(): ProviderCredentials;
}

const random = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export async function startGithubEmulator(): Promise<GithubEmulator> {
  const codes = new Map<string, IssuedCode>();
  const grants = new Map<string, Grant>();
  const byRefresh = new Map<string, Grant>();
  const lastAccess = new Map<GithubIdentity, string>();
  const refusedCodes = new Set<string>();
  let userInfoDown = false;
  let held: { count: number; waiting: (() => void)[] } | null = null;
  async function barrier(): Promise<void> {
    const group = held;
    if (!group) return;
    await new Promise<void>((resolve) => {
      group.waiting.push(resolve);
      if (group.waiting.length >= group.count) {
        held = null;
        for (const release of group.waiting) release();
      }
    });
  }
  const refusedRefreshTokens = new Set<string>();
  let expiresIn = 28_800;

  function issueTokens(identity: GithubIdentity, scope: string) {
    const grant: Grant = { identity, refreshToken: random('ghr'), scope };
    const accessToken = random('ghu');
    grants.set(accessToken, grant);
    byRefresh.set(grant.refreshToken, grant);
    lastAccess.set(identity, accessToken);
    return {
      access_token: accessToken,
      expires_in: expiresIn,
      refresh_token: grant.refreshToken,
      refresh_token_expires_in: 15_897_600,
      token_type: 'bearer',
      scope,
    };
  }

  const bearer = (authorization: string | string[] | undefined) =>
    typeof authorization === 'string' && authorization.startsWith('Bearer ') ? authorization.slice(7) : '';

  const emulator = await startProviderEmulator({
    'POST /login/oauth/access_token': ({ form }) => {
      if (form.get('grant_type') === 'refresh_token') {
        const refreshToken = form.get('refresh_token') ?? '';
        const grant = byRefresh.get(refreshToken);
        if (!grant || refusedRefreshTokens.has(refreshToken))
          return {
            json: {
              error: 'bad_refresh_token',
              error_description: 'The refresh token passed is incorrect or expired.',
            },
          };
        // GitHub rotates refresh tokens: the old one is spent.
        byRefresh.delete(refreshToken);
        return { json: issueTokens(grant.identity, grant.scope) };
      }
      const code = form.get('code') ?? '';
      const issued = codes.get(code);
      codes.delete(code);
      const verifierMatches = issued !== undefined && s256(form.get('code_verifier') ?? '') === issued.challenge;
      if (!issued || refusedCodes.has(code) || !verifierMatches || form.get('redirect_uri') !== issued.redirectURI) {
        return {
          json: { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' },
        };
      }
      return { json: issueTokens(issued.identity, issued.scope) };
    },
    'GET /user': ({ headers }) => {
      const token = bearer(headers.authorization);
      const grant = grants.get(token);
      if (!grant || userInfoDown) return { status: 401, json: { message: 'Bad credentials' } };
      const { emails: _emails, ...profile } = grant.identity;
      return { json: profile };
    },
    'GET /user/emails': async ({ headers }) => {
      await barrier();
      const grant = grants.get(bearer(headers.authorization));
      return grant
        ? { json: grant.identity.emails.map((e) => ({ ...e, visibility: e.primary ? 'private' : null })) }
        : { status: 401, json: { message: 'Bad credentials' } };
    },
  });

  return {
    url: emulator.url,
    requests: emulator.requests,
    to: emulator.to,
    close: emulator.close,
    refusedCodes,
    holdEmails(count: number) {
      held = { count, waiting: [] };
    },
    get userInfoDown() {
      return userInfoDown;
    },
    set userInfoDown(value: boolean) {
      userInfoDown = value;
    },
    refusedRefreshTokens,
    accessTokenOf: (identity: GithubIdentity) => lastAccess.get(identity),
    get expiresIn() {
      return expiresIn;
    },
    set expiresIn(value: number) {
      expiresIn = value;
    },
    issueCode(identity: GithubIdentity, authorizationURL: string) {
      const url = new URL(authorizationURL);
      const code = random('code');
      codes.set(code, {
        identity,
        challenge: url.searchParams.get('code_challenge') ?? '',
        redirectURI: url.searchParams.get('redirect_uri') ?? '',
        scope: (url.searchParams.get('scope') ?? '').split(' ').join(','),
      });
      return code;
    },
    providerCredentials(): ProviderCredentials {
      return {
        clientId: 'gh-client-id',
        clientSecret: 'gh-client-secret-never-logged',
        endpoints: {
          authorization: `${emulator.url}/login/oauth/authorize`,
          token: `${emulator.url}/login/oauth/access_token`,
          userInfo: `${emulator.url}/user`,
        },
      };
    },
  };
}

export function githubProvider(emulator: GithubEmulator, overrides: Partial<ProviderCredentials> = {}): OAuthProvider {
  return github({ ...emulator.providerCredentials(), ...overrides });
}

let serial = 1000;

/** A GitHub user whose primary address is `email`, verified unless told otherwise. */
export function githubIdentity(
  email: string | null,
  { verified = true, name = 'Octo Cat' as string | null } = {},
): GithubIdentity {
  serial += 1;
  return {
    id: serial * 7919 + Math.floor(Math.random() * 1000),
    login: `octo${serial}`,
    name,
    email: null,
    emails: email === null ? [] : [{ email, primary: true, verified }],
    avatar_url: `https://avatars.example/${serial}`,
  };
}

export interface StartedFlow {
  url: string;
  state: string;
  response: TestResponse;
}

/** POST /sign-in/social (or another start route) and the state from the URL it answered. */
export async function startFlow(
  client: TestClient,
  body: Record<string, unknown> = { provider: 'github' },
  path = '/sign-in/social',
): Promise<StartedFlow> {
  const response = await client.post(path, body);
  if (response.status !== 200) throw new Error(`${path} failed: ${response.status} ${response.text}`);
  const url = response.body.url as string;
  return { url, state: new URL(url).searchParams.get('state') ?? '', response };
}

/** The provider's answer to the browser, as the callback receives it. */
export function callbackPath(params: Record<string, string | undefined>, providerId = 'github'): string {
  const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
  return `/callback/${providerId}?${query}`;
}

/** Start, "authorize" at the emulator, and come back to the callback with the code: the whole browser flow. */
export async function signInWith(
  emulator: GithubEmulator,
  client: TestClient,
  identity: GithubIdentity,
  body: Record<string, unknown> = {},
  path = '/sign-in/social',
): Promise<TestResponse> {
  const start = { provider: 'github', ...body };
  const flow = await startFlow(client, start, path);
  const code = emulator.issueCode(identity, flow.url);
  return client.get(callbackPath({ code, state: flow.state }, String(start.provider)));
}

/** Where a redirect answer sends the browser, with its query as an object. */
export function locationOf(response: TestResponse): { url: URL; query: Record<string, string> } {
  const location = response.headers.get('location');
  if (!location) throw new Error(`no location: ${response.status} ${response.text}`);
  const url = new URL(location, 'http://localhost:3000');
  return { url, query: Object.fromEntries(url.searchParams) };
}

/** A user who signed up with GitHub; the browser that did it keeps its device cookie. */
export async function signUpWithGithub(
  h: Harness,
  emulator: GithubEmulator,
  identity: GithubIdentity = githubIdentity(uniqueEmail('social')),
): Promise<{ identity: GithubIdentity; userId: string; browser: TestClient }> {
  const browser = h.client();
  expect((await signInWith(emulator, browser, identity)).status).toBe(302);
  const userId = (await browser.get('/get-session')).body.user.id as string;
  return { identity, userId, browser };
}

/**
 * A user who signed up with GitHub, then `refuse`d (a ban, say): signing in again sends the
 * browser to the error target with the refusal's code and message, and starts no session.
 */
export async function expectGithubSignInRefused(
  h: Harness,
  emulator: GithubEmulator,
  refuse: (userId: string) => Promise<unknown>,
  error: { code: string; message: string },
): Promise<void> {
  const { identity, userId } = await signUpWithGithub(h, emulator);
  await refuse(userId);
  const browser = h.client();
  const sessions = await countRows(h, 'session');
  const response = await signInWith(emulator, browser, identity, { errorCallbackURL: '/err' });
  expect(locationOf(response).url.pathname).toBe('/err');
  expect(locationOf(response).query).toEqual({ error: error.code, error_description: error.message });
  expect(await countRows(h, 'session')).toBe(sessions);
  expect((await browser.get('/get-session')).body).toBeNull();
}
