/**
 * GitHub against an emulator of its token, user and e-mails endpoints, answering GitHub's
 * documented shapes: the authorization URL, the code exchange with PKCE, and the profile mapping,
 * whose e-mail (and whether it is verified) comes from `/user/emails` when the profile hides it.
 */
import { expect } from 'vitest';
import { github } from '../../../src/oauth/providers/github';
import { describeOAuthProvider, tokenEndpoint } from '../../support/provider-conformance';

/** What GitHub serves: the profile at `/user` and the addresses at `/user/emails`. */
interface Served {
  profile: Record<string, unknown>;
  emails: unknown[];
}

describeOAuthProvider<Served>({
  id: 'github',
  clientId: 'gh-client',
  clientSecret: 'gh-secret',
  clientAuth: 'body',
  routes: (served) => ({
    'POST /login/oauth/access_token': tokenEndpoint({
      issued: { access_token: 'gho_token', token_type: 'bearer', scope: 'read:user,user:email' },
      // GitHub answers a bad code with 200 and an error body.
      refused: { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' },
      refusedStatus: 200,
    }),
    'GET /user': () => ({ json: served().profile }),
    'GET /user/emails': () => ({ json: served().emails }),
  }),
  build: (url) =>
    github({
      clientId: 'gh-client',
      clientSecret: 'gh-secret',
      endpoints: {
        authorization: `${url}/login/oauth/authorize`,
        token: `${url}/login/oauth/access_token`,
        userInfo: `${url}/user`,
      },
    }),
  authorization: {
    title: 'sends the browser to the authorization endpoint with its scopes, the state and an S256 challenge',
    path: '/login/oauth/authorize',
    scopes: ['repo'],
    params: { scope: 'read:user user:email repo' },
    pkce: true,
  },
  exchange: {
    title: "exchanges the code with the verifier and the client secret, and reads GitHub's comma-separated scopes",
    tokenPath: '/login/oauth/access_token',
    tokens: { accessToken: 'gho_token', refreshToken: null, scopes: ['read:user', 'user:email'] },
    sent: (sent) => expect(sent.headers.accept).toContain('application/json'),
  },
  refusedCode: { title: 'rejects a code GitHub refuses (its 200 with an error body)' },
  profilePath: '/user',
  profiles: [
    {
      title: 'maps a profile without a public e-mail to the primary address of /user/emails, verified as GitHub says',
      serves: {
        profile: { id: 4242, login: 'octo', name: null, email: null, avatar_url: 'https://avatars.example/4242' },
        emails: [
          { email: 'old@example.com', primary: false, verified: true, visibility: null },
          { email: 'octo@example.com', primary: true, verified: true, visibility: 'private' },
        ],
      },
      accessToken: 'gho_token',
      user: {
        id: '4242',
        email: 'octo@example.com',
        emailVerified: true,
        name: 'octo',
        image: 'https://avatars.example/4242',
      },
      sent: (sent) => expect(sent.headers['user-agent']).toBe('Latchkey'),
    },
    {
      title: 'keeps the public e-mail and reports it unverified when GitHub has not verified it',
      serves: {
        profile: { id: 7, login: 'x', name: 'X Person', email: 'x@example.com', avatar_url: null },
        emails: [{ email: 'x@example.com', primary: true, verified: false, visibility: 'public' }],
      },
      accessToken: 't',
      user: { id: '7', email: 'x@example.com', emailVerified: false, name: 'X Person', image: null },
    },
  ],
});
