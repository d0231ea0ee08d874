/**
 * Discord against an emulator of its token and `/users/@me` endpoints, answering the shapes of
 * Discord's documentation: the authorization URL, the code exchange with PKCE and the secret in the
 * body, a refused code, the profile mapping (the avatar URL built from the hash, the default avatar
 * for new and old usernames, `verified`), and the refresh grant.
 */
import { expect, it } from 'vitest';
import { discord } from '../../../src/oauth/providers/discord';
import type { EmulatedResponse } from '../../support/provider-emulator';
import { describeOAuthProvider, tokenEndpoint } from '../../support/provider-conformance';

const NELLY = {
  id: '80351110224678912',
  username: 'Nelly',
  discriminator: '1337',
  verified: true,
  email: 'nelly@discord.com',
};
const user = (json: Record<string, unknown>): EmulatedResponse => ({ json });

describeOAuthProvider<EmulatedResponse>({
  id: 'discord',
  clientId: 'discord-client',
  clientSecret: 'discord-secret',
  clientAuth: 'body',
  routes: (served) => ({
    'POST /api/oauth2/token': tokenEndpoint({
      issued: {
        access_token: '6qrZcUqja7812RVdnEKjpzOL4CvHBFG',
        token_type: 'Bearer',
        expires_in: 604800,
        refresh_token: 'D43f5y0ahjqew82jZ4NViEr2YafMKhue',
        scope: 'identify email',
      },
      refreshed: {
        access_token: 'refreshed-access',
        token_type: 'Bearer',
        expires_in: 604800,
        refresh_token: 'next-refresh',
        scope: 'identify email',
      },
      refused: { error: 'invalid_grant', error_description: 'Invalid "code" in request.' },
    }),
    'GET /api/users/@me': served,
  }),
  build: (url) =>
    discord({
      clientId: 'discord-client',
      clientSecret: 'discord-secret',
      endpoints: {
        authorization: `${url}/api/oauth2/authorize`,
        token: `${url}/api/oauth2/token`,
        userInfo: `${url}/api/users/@me`,
      },
    }),
  authorization: {
    title: 'sends the browser to the authorization endpoint with identify and email, prompt=none and an S256 challenge',
    path: '/api/oauth2/authorize',
    scopes: ['guilds'],
    params: { scope: 'identify email guilds', prompt: 'none' },
    pkce: true,
  },
  exchange: {
    title: 'exchanges the code with the verifier and the client secret in the body',
    tokenPath: '/api/oauth2/token',
    tokens: {
      accessToken: '6qrZcUqja7812RVdnEKjpzOL4CvHBFG',
      refreshToken: 'D43f5y0ahjqew82jZ4NViEr2YafMKhue',
      scopes: ['identify', 'email'],
    },
    expiresIn: 604800,
  },
  refusedCode: { title: 'rejects a code Discord refuses' },
  profilePath: '/api/users/@me',
  profiles: [
    {
      title:
        'maps the documented user object: the avatar URL from id and hash, verified e-mail, the username when there is no display name',
      serves: user({
        ...NELLY,
        avatar: '8342729096ea3675442027381ff50dfe',
        flags: 64,
        banner: '06c16474723fe537c283b8efa61a30c8',
        accent_color: 16711680,
        premium_type: 1,
        public_flags: 64,
      }),
      accessToken: 'discord-access',
      user: {
        id: '80351110224678912',
        email: 'nelly@discord.com',
        emailVerified: true,
        name: 'Nelly',
        image: 'https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png',
      },
    },
    {
      title: 'serves an animated avatar as a gif and prefers the global display name',
      serves: user({
        ...NELLY,
        username: 'nelly',
        global_name: 'Nelly G',
        discriminator: '0',
        avatar: 'a_1269e74af4df7417b13759eae50c83dc',
      }),
      accessToken: 't',
      user: {
        name: 'Nelly G',
        image: 'https://cdn.discordapp.com/avatars/80351110224678912/a_1269e74af4df7417b13759eae50c83dc.gif',
      },
      partial: true,
    },
    {
      title: 'gives a migrated user without an avatar the default avatar of (id >> 22) % 6',
      serves: user({
        id: '1234567890123456789',
        username: 'newname',
        global_name: null,
        discriminator: '0',
        avatar: null,
        verified: true,
        email: 'n@example.com',
      }),
      accessToken: 't',
      user: { image: 'https://cdn.discordapp.com/embed/avatars/1.png' },
      partial: true,
    },
    {
      title: 'gives a legacy user without an avatar the default avatar of discriminator % 5',
      serves: user({ ...NELLY, avatar: null }),
      accessToken: 't',
      user: { image: 'https://cdn.discordapp.com/embed/avatars/2.png' },
      partial: true,
    },
    {
      title: 'reports an unconfirmed address as unverified',
      serves: user({
        id: '1',
        username: 'u',
        discriminator: '0',
        avatar: null,
        verified: false,
        email: 'u@example.com',
      }),
      accessToken: 't',
      user: { email: 'u@example.com', emailVerified: false },
      partial: true,
    },
    {
      title: 'reports a phone-only account as having no e-mail',
      serves: user({ id: '1', username: 'u', discriminator: '0', avatar: null, verified: true, email: null }),
      accessToken: 't',
      user: { email: null, emailVerified: false },
      partial: true,
    },
    {
      title: 'answers no profile when Discord refuses the access token',
      serves: { status: 401, json: { message: '401: Unauthorized', code: 0 } },
      accessToken: 'expired',
      user: null,
    },
  ],
  refresh: {
    title: 'refreshes with the refresh token and the client secret, taking the new refresh token',
    refreshToken: 'D43f5y0ahjqew82jZ4NViEr2YafMKhue',
    tokens: { accessToken: 'refreshed-access', refreshToken: 'next-refresh' },
  },
  trustedForLinking: {
    title: 'is trusted for linking by default, since Discord verifies addresses',
    trusted: true,
  },
  quirks: () => {
    it('is not trusted for linking when configured otherwise', () => {
      expect(discord({ clientId: 'c', trustedForLinking: false }).trustedForLinking).toBe(false);
    });
  },
});
