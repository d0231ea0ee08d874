/**
 * @module The seventeen providers of SPEC §1 by id: each one's factory, and what it needs beyond a
 * client id. A deployment (the standalone server's environment, a library user's settings) names
 * providers by id and hands over plain settings; this table is the one place that knows which
 * factory takes them and in which shape (Apple signs its own client secret with a key, TikTok
 * calls its client id a client key, Microsoft has a tenant, GitLab may be self-hosted).
 */
import type { OAuthProvider, ProviderCredentials } from '../provider';
import { apple } from './apple';
import { discord } from './discord';
import { dropbox } from './dropbox';
import { facebook } from './facebook';
import { github } from './github';
import { gitlab } from './gitlab';
import { google } from './google';
import { kick } from './kick';
import { linkedin } from './linkedin';
import { microsoft } from './microsoft';
import { reddit } from './reddit';
import { roblox } from './roblox';
import { spotify } from './spotify';
import { tiktok } from './tiktok';
import { twitch } from './twitch';
import { twitter } from './twitter';
import { vk } from './vk';

export const SOCIAL_PROVIDER_IDS = [
  'apple',
  'discord',
  'facebook',
  'github',
  'microsoft',
  'google',
  'spotify',
  'twitch',
  'twitter',
  'dropbox',
  'kick',
  'linkedin',
  'gitlab',
  'tiktok',
  'reddit',
  'roblox',
  'vk',
] as const;

export type SocialProviderId = (typeof SOCIAL_PROVIDER_IDS)[number];

/** The settings of any of the seventeen: the common credentials and the few provider-specific ones. */
export interface SocialProviderSettings extends ProviderCredentials {
  /** Apple: the developer team that owns the key. */
  teamId?: string | undefined;
  /** Apple: the id of the key that signs the client secret. */
  keyId?: string | undefined;
  /** Apple: that key, PKCS #8 PEM. */
  privateKey?: string | undefined;
  /** Microsoft: a tenant id or domain, or `common`, `organizations`, `consumers` (default `common`). */
  tenantId?: string | undefined;
  /** GitLab: the base URL of a self-hosted instance (default `https://gitlab.com`). */
  issuer?: string | undefined;
}

/** A setting some provider needs besides `clientId`. */
export type ProviderSetting = 'clientSecret' | 'teamId' | 'keyId' | 'privateKey' | 'tenantId' | 'issuer';

export interface SocialProviderEntry {
  /** What the provider calls the client id in its console: TikTok's "client key". */
  readonly clientIdName: 'clientId' | 'clientKey';
  /** Without these the provider cannot work: a deployment that names it must give them all. */
  readonly required: readonly ProviderSetting[];
  /** Taken when given; the factory has a default. */
  readonly optional: readonly ProviderSetting[];
  readonly create: (settings: SocialProviderSettings) => OAuthProvider;
}

const standard = (create: (credentials: ProviderCredentials) => OAuthProvider): SocialProviderEntry => ({
  clientIdName: 'clientId',
  required: ['clientSecret'],
  optional: [],
  create,
});

/** A setting the entry declared required: the deployment's configuration checked it is there. */
function need(settings: SocialProviderSettings, name: ProviderSetting): string {
  const value = settings[name];
  if (!value) throw new Error(`Latchkey: the provider needs its ${name}`);
  return value;
}

export const SOCIAL_PROVIDERS: Readonly<Record<SocialProviderId, SocialProviderEntry>> = Object.freeze({
  // Apple has no client secret to copy: the factory signs one with the team's key.
  apple: {
    clientIdName: 'clientId',
    required: ['teamId', 'keyId', 'privateKey'],
    optional: [],
    create: (settings) =>
      apple({
        ...settings,
        teamId: need(settings, 'teamId'),
        keyId: need(settings, 'keyId'),
        privateKey: need(settings, 'privateKey'),
      }),
  },
  discord: standard(discord),
  facebook: standard(facebook),
  github: standard(github),
  microsoft: { ...standard(microsoft), optional: ['tenantId'] },
  google: standard(google),
  spotify: standard(spotify),
  twitch: standard(twitch),
  twitter: standard(twitter),
  dropbox: standard(dropbox),
  kick: standard(kick),
  linkedin: standard(linkedin),
  // A self-hosted GitLab is its own issuer; the factory refuses http off loopback.
  gitlab: { ...standard(gitlab), optional: ['issuer'] },
  // TikTok's console calls the client id a client key; the factory sends it as `client_key`.
  tiktok: { ...standard(tiktok), clientIdName: 'clientKey' },
  reddit: standard(reddit),
  roblox: standard(roblox),
  vk: standard(vk),
});

export function isSocialProviderId(id: string): id is SocialProviderId {
  return (SOCIAL_PROVIDER_IDS as readonly string[]).includes(id);
}

/** The provider `id` configured with `settings`. */
export function createSocialProvider(id: SocialProviderId, settings: SocialProviderSettings): OAuthProvider {
  return SOCIAL_PROVIDERS[id].create(settings);
}
