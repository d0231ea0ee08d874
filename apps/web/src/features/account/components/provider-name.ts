/**
 * @module Sign-in providers by the names people know them by: the server's own label when it has
 * the provider enabled (the generic OpenID Connect provider's is the deployment's choice), else
 * SPEC §1's brands; the password account ('credential') is "E-mail and password".
 */
import type { TFunction } from 'i18next';
import type { SocialProvider } from '../../../lib/social-providers';

const NAMES: Record<string, string> = {
  apple: 'Apple',
  discord: 'Discord',
  facebook: 'Facebook',
  github: 'GitHub',
  microsoft: 'Microsoft',
  google: 'Google',
  spotify: 'Spotify',
  twitch: 'Twitch',
  twitter: 'X (Twitter)',
  dropbox: 'Dropbox',
  kick: 'Kick',
  linkedin: 'LinkedIn',
  gitlab: 'GitLab',
  tiktok: 'TikTok',
  reddit: 'Reddit',
  roblox: 'Roblox',
  vk: 'VK',
};

export function providerName(
  t: TFunction<'account'>,
  providerId: string,
  enabled: readonly SocialProvider[] = [],
): string {
  if (providerId === 'credential') return t('linked.credential');
  return enabled.find((provider) => provider.id === providerId)?.name ?? NAMES[providerId] ?? providerId;
}
