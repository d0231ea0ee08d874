/**
 * GitLab against an emulator of a self-hosted instance's token endpoint and REST API (`/api/v4/user`,
 * GitLab's documented shape): endpoints from the base URL, the code exchange with PKCE, refresh, and
 * the mapping — blocked or locked users refused, an address verified only when GitLab says so.
 */
import { expect, it } from 'vitest';
import { gitlab } from '../../../src/oauth/providers/gitlab';
import { describeOAuthProvider, tokenEndpoint } from '../../support/provider-conformance';
import { STATE, VERIFIER } from '../../support/provider-sign-in';

const ACTIVE = {
  id: 1234,
  username: 'jdoe',
  name: 'Jane Doe',
  email: 'jane@example.com',
  avatar_url: 'https://git.example.com/uploads/jdoe.png',
  state: 'active',
  locked: false,
  confirmed_at: '2024-01-01T00:00:00Z',
};
const BLOCKED = { id: 1, username: 'x', name: 'X', email: 'x@example.com', avatar_url: null, state: 'blocked' };
const tokenAnswer = (n: number) => ({
  access_token: `glpat-${n}`,
  token_type: 'Bearer',
  expires_in: 7200,
  refresh_token: `glrt-${n}`,
  scope: 'read_user',
  created_at: 1,
});

describeOAuthProvider<Record<string, unknown>>({
  id: 'gitlab',
  clientId: 'gl-app',
  clientSecret: 'gl-secret',
  clientAuth: 'body',
  routes: (user) => ({
    'POST /gitlab/oauth/token': tokenEndpoint({
      issued: tokenAnswer(1),
      refreshed: tokenAnswer(2),
      refused: { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid' },
    }),
    'GET /gitlab/api/v4/user': () => ({ json: user() }),
  }),
  build: (url) => gitlab({ clientId: 'gl-app', clientSecret: 'gl-secret', issuer: `${url}/gitlab/` }),
  authorization: {
    title: "sends the browser to the instance's authorize endpoint with read_user and an S256 challenge",
    path: '/gitlab/oauth/authorize',
    scopes: [],
    params: { scope: 'read_user' },
    pkce: true,
  },
  exchange: {
    title: 'exchanges the code with the verifier and the secret',
    tokenPath: '/gitlab/oauth/token',
    tokens: { accessToken: 'glpat-1', refreshToken: 'glrt-1', scopes: ['read_user'] },
  },
  refusedCode: { title: 'rejects a code GitLab refuses' },
  profilePath: '/gitlab/api/v4/user',
  profiles: [
    {
      title: 'maps an active user, with the address unverified unless GitLab says otherwise',
      serves: ACTIVE,
      accessToken: 'glpat-1',
      user: {
        id: '1234',
        email: 'jane@example.com',
        emailVerified: false,
        name: 'Jane Doe',
        image: 'https://git.example.com/uploads/jdoe.png',
      },
    },
    {
      title: 'takes the address as verified when GitLab says so, and the username when there is no name',
      serves: { ...ACTIVE, email_verified: true, name: '' },
      accessToken: 'glpat-1',
      user: { emailVerified: true, name: 'jdoe' },
      partial: true,
    },
    { title: 'refuses a blocked user', serves: BLOCKED, accessToken: 'glpat-1', user: null },
    {
      title: 'refuses a locked user',
      serves: { ...BLOCKED, state: 'active', locked: true },
      accessToken: 'glpat-1',
      user: null,
    },
  ],
  refresh: {
    title: 'refreshes with the secret',
    refreshToken: 'glrt-1',
    tokens: { accessToken: 'glpat-2', refreshToken: 'glrt-2' },
  },
  trustedForLinking: { title: 'does not trust a self-hosted instance for linking by default', trusted: false },
  quirks: (suite) => {
    it("uses gitlab.com's authorize endpoint when no instance is configured", async () => {
      const hosted = await gitlab({ clientId: 'gl-app' }).createAuthorizationURL({
        state: STATE,
        codeVerifier: VERIFIER,
        scopes: [],
        redirectURI: suite.redirectURI,
      });
      expect(hosted.origin + hosted.pathname).toBe('https://gitlab.com/oauth/authorize');
    });

    it('trusts gitlab.com for linking, a self-hosted instance when configured, and refuses an http instance off loopback', () => {
      expect(gitlab({ clientId: 'a' }).trustedForLinking).toBe(true);
      expect(
        gitlab({ clientId: 'a', issuer: 'https://git.example.com', trustedForLinking: true }).trustedForLinking,
      ).toBe(true);
      expect(() => gitlab({ clientId: 'a', issuer: 'http://git.example.com' })).toThrow(/must be an https URL/);
    });
  },
});
