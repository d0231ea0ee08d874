/**
 * @module A session's device as a person reads it: "Firefox 128 on Windows". Shared by the
 * account page's session list and the admin's, each wording it from its own namespace.
 */
import { parseUserAgent } from './parse-user-agent';

export interface DeviceWords {
  /** "Firefox 128 on Windows", in the reader's language. */
  on(browser: string, os: string): string;
  unknown: string;
}

export function deviceName(userAgent: string | null | undefined, words: DeviceWords): string {
  const { browser, version, os } = parseUserAgent(userAgent);
  const named = browser && version ? `${browser} ${version}` : browser;
  if (named && os) return words.on(named, os);
  return named ?? os ?? words.unknown;
}
