/**
 * Twitch against a real OpenID Provider standing in for id.twitch.tv, which releases profile claims
 * only at userinfo unless the `claims` parameter asks for them in the id_token — as Twitch does —
 * behind a token endpoint that answers the scopes as a JSON array, as Twitch's does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProvider } from '../../../src/oauth/provider';
import { twitch } from '../../../src/oauth/providers/twitch';
import { startOpenIDProvider, type TestOpenIDProvider } from '../../support/oidc-provider';
import { startProviderEmulator, type ProviderEmulator } from '../../support/provider-emulator';
import { authorizationURL, NONCE, signInThroughOP } from '../../support/provider-sign-in';

const REDIRECT = 'http://localhost:3000/api/auth/callback/twitch';
let op: TestOpenIDProvider;
let twitchToken: ProviderEmulator;
let provider: OAuthProvider;

beforeAll(async () => {
  op = await startOpenIDProvider({
    clients: [{ client_id: 'twitch-app', client_secret: 'twitch-secret', redirect_uris: [REDIRECT] }],
    accounts: [
      {
        sub: '713936733',
        email: 'streamer@example.com',
        email_verified: true,
        preferred_username: 'streamer_42',
        picture: 'https://static-cdn.jtvnw.net/u/713936733.png',
        name: 'ignored',
      },
    ],
    claimsInIdToken: false,
    requirePKCE: false,
  });
  twitchToken = await startProviderEmulator({
    async 'POST /oauth2/token'({ form }) {
      const answer = await fetch(op.endpoints.token, { method: 'POST', body: form });
      const json = (await answer.json()) as Record<string, unknown>;
      return {
        status: answer.status,
        json: typeof json.scope === 'string' ? { ...json, scope: json.scope.split(' ') } : json,
      };
    },
  });
  provider = twitch({
    clientId: 'twitch-app',
    clientSecret: 'twitch-secret',
    endpoints: {
      issuer: op.issuer,
      authorization: op.endpoints.authorization,
      token: `${twitchToken.url}/oauth2/token`,
      jwks: op.endpoints.jwks,
    },
  });
});

afterAll(async () => {
  await twitchToken.close();
  await op.close();
});

describe('twitch', () => {
  it('asks for its scopes and the profile claims in the id_token, without PKCE', async () => {
    const hosted = twitch({ clientId: 'twitch-app', clientSecret: 's' });
    const url = await authorizationURL(hosted, REDIRECT, { nonce: NONCE });
    expect(url.origin + url.pathname).toBe('https://id.twitch.tv/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'twitch-app',
      scope: 'user:read:email openid',
      nonce: NONCE,
    });
    expect(JSON.parse(url.searchParams.get('claims')!)).toEqual({
      id_token: { email: null, email_verified: null, preferred_username: null, picture: null },
    });
    expect(url.searchParams.has('code_challenge')).toBe(false);
    expect(provider).toMatchObject({ id: 'twitch', name: 'Twitch', trustedForLinking: true });
    expect(provider.verifyIdToken).toBeUndefined();
  });

  it('signs in: the id_token carries the claims asked for, mapped with the login name as name; the array of scopes is read', async () => {
    const tokens = await signInThroughOP(op, provider, { account: '713936733', redirectURI: REDIRECT });
    expect(tokens.scopes).toEqual(['openid']);
    expect(twitchToken.to('/oauth2/token').at(-1)!.form.has('code_verifier')).toBe(false);
    // No access token: the profile must come from the id_token alone.
    expect(await provider.getUserInfo({ ...tokens, accessToken: null })).toEqual({
      id: '713936733',
      email: 'streamer@example.com',
      emailVerified: true,
      name: 'streamer_42',
      image: 'https://static-cdn.jtvnw.net/u/713936733.png',
    });
    const refreshed = await provider.refreshAccessToken!(tokens.refreshToken!);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
  });
});
