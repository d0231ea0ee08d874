/**
 * @module Discord (OAuth 2.0 with PKCE: its authorization-server metadata lists S256). The profile
 * carries only an avatar hash, so the image URL is built on Discord's CDN, or the default avatar
 * Discord derives from the id (new usernames) or the old four-digit discriminator. `verified` is
 * Discord's word on the e-mail; a phone-only account has no e-mail at all.
 */
import { fetchJson } from '../oauth2';
import type { OAuthProvider, ProviderCredentials } from '../provider';
import { defineOAuth2Provider } from './define-provider';

interface DiscordUser {
  id: string;
  username: string;
  discriminator: string;
  global_name?: string | null;
  avatar: string | null;
  email?: string | null;
  verified?: boolean;
}

const ENDPOINTS = {
  authorization: 'https://discord.com/api/oauth2/authorize',
  token: 'https://discord.com/api/oauth2/token',
  userInfo: 'https://discord.com/api/users/@me',
};
const DEFAULT_SCOPES = ['identify', 'email'];
const CDN = 'https://cdn.discordapp.com';

/** https://discord.com/developers/docs/reference#image-formatting */
function avatarURL(user: DiscordUser): string {
  if (user.avatar) return `${CDN}/avatars/${user.id}/${user.avatar}.${user.avatar.startsWith('a_') ? 'gif' : 'png'}`;
  // Migrated usernames have discriminator "0": the default avatar then follows the id's timestamp bits.
  const index =
    user.discriminator === '0' || !user.discriminator
      ? Number((BigInt(user.id) >> 22n) % 6n)
      : Number(user.discriminator) % 5;
  return `${CDN}/embed/avatars/${index}.png`;
}

export function discord(credentials: ProviderCredentials): OAuthProvider {
  return defineOAuth2Provider({
    id: 'discord',
    name: 'Discord',
    credentials,
    // Discord sets `verified` only once the address's confirmation mail was followed.
    defaults: { endpoints: ENDPOINTS, scopes: DEFAULT_SCOPES, trustedForLinking: true },
    settings: {
      pkce: true,
      // As better-auth: a user who already authorized these scopes is not asked again.
      authorizationParams: { prompt: 'none' },
    },
    async getUserInfo(tokens, endpoints) {
      const user = (await fetchJson(endpoints.userInfo, tokens.accessToken)) as DiscordUser | null;
      if (!user || typeof user.id !== 'string') return null;
      const email = user.email || null;
      return {
        id: user.id,
        email,
        emailVerified: email !== null && user.verified === true,
        name: user.global_name || user.username,
        image: avatarURL(user),
      };
    },
  });
}
