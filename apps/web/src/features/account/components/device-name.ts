/**
 * @module A session's device as a person reads it: "Firefox 128 on Windows".
 */
import type { TFunction } from 'i18next';
import { parseUserAgent } from '../lib/parse-user-agent';

export function deviceName(t: TFunction<'account'>, userAgent: string | null | undefined): string {
  const { browser, version, os } = parseUserAgent(userAgent);
  const named = browser && version ? `${browser} ${version}` : browser;
  if (named && os) return t('sessions.deviceOn', { browser: named, os });
  return named ?? os ?? t('sessions.unknownDevice');
}
