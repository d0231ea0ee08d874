/**
 * @module Sign-in providers by the names people know them by (SPEC §1's list); the password
 * account ('credential') is "E-mail and password".
 */
import type { TFunction } from 'i18next';

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

export function providerName(t: TFunction<'account'>, providerId: string): string {
  if (providerId === 'credential') return t('linked.credential');
  return NAMES[providerId] ?? providerId;
}
