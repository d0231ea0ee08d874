/**
 * @module Sign-in providers for the screens that show them: GitHub against an emulator of its token,
 * user and e-mails endpoints (the code `user-<n>` signs in GitHub user n, whose verified address is
 * `octo-<n>@example.com` unless a test gives another; any other code is refused as GitHub refuses
 * it), and a generic OpenID
 * Connect provider whose endpoints are given, so that it needs no discovery and no OP to show its
 * button and build its authorization URL.
 */
import { createSocialProvider, oidc, type OAuthProvider } from '@latchkey/server';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  startProviderEmulator,
  type ProviderEmulator,
} from '../../../../packages/server/test/support/provider-emulator';
import { dom } from './dom';
import { useTestServer } from './render-app';
import type { TestServer } from './test-server';

export interface GithubEmulator extends ProviderEmulator {
  /** GitHub user `n` has this verified primary address. */
  setEmail(user: number, email: string): void;
}

export async function startGithubEmulator(): Promise<GithubEmulator> {
  const emails = new Map<string, string>();
  const userOf = (authorization: string | undefined) => /token-(\d+)$/.exec(authorization ?? '')?.[1];
  const emulator = await startProviderEmulator({
    'POST /login/oauth/access_token': ({ form }) => {
      const user = /^user-(\d+)$/.exec(form.get('code') ?? '')?.[1];
      return user
        ? { json: { access_token: `token-${user}`, token_type: 'bearer', scope: 'read:user,user:email' } }
        : { json: { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' } };
    },
    'GET /user': ({ headers }) => {
      const user = userOf(headers.authorization);
      return user
        ? { json: { id: Number(user), login: `octo${user}`, name: `Octo ${user}`, email: null, avatar_url: null } }
        : { status: 401, json: {} };
    },
    'GET /user/emails': ({ headers }) => {
      const user = userOf(headers.authorization) ?? '';
      return { json: [{ email: emails.get(user) ?? `octo-${user}@example.com`, primary: true, verified: true }] };
    },
  });
  return { ...emulator, setEmail: (user, email) => void emails.set(String(user), email) };
}

export function githubProvider(emulator: GithubEmulator): OAuthProvider {
  return createSocialProvider('github', {
    clientId: 'web-github',
    clientSecret: 'web-github-secret',
    endpoints: {
      authorization: `${emulator.url}/login/oauth/authorize`,
      token: `${emulator.url}/login/oauth/access_token`,
      userInfo: `${emulator.url}/user`,
    },
  });
}

/** Never contacted by these tests: the app only leaves for its authorization endpoint. */
const OIDC_ISSUER = 'http://127.0.0.1:9/realms/corp';

export function corporateProvider(): OAuthProvider {
  return oidc({
    id: 'corp-sso',
    name: 'Company SSO',
    issuer: OIDC_ISSUER,
    clientId: 'web',
    clientSecret: 'web-secret',
    endpoints: {
      authorization: `${OIDC_ISSUER}/auth`,
      token: `${OIDC_ISSUER}/token`,
      jwks: `${OIDC_ISSUER}/jwks`,
      userInfo: `${OIDC_ISSUER}/me`,
    },
  });
}

/**
 * A test server with both providers, GitHub's emulator started first (filled in before the tests
 * run, as the server is); the address is reset after each test, since leaving for a provider moves it.
 */
export function useSocialTestServer(): { server: TestServer; github: GithubEmulator } {
  const github = {} as GithubEmulator;
  beforeAll(async () => {
    Object.assign(github, await startGithubEmulator());
  });
  afterAll(() => github.close?.());
  const server = useTestServer(() => ({ socialProviders: [githubProvider(github), corporateProvider()] }));
  afterEach(() => {
    dom.happyDOM.setURL('http://localhost:3000');
  });
  return { server, github };
}
