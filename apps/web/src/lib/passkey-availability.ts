/**
 * @module Whether passkeys can work on this page, decided before anything offers them: a browser
 * without WebAuthn has no ceremony to run; a page opened by IP address cannot, since a WebAuthn
 * relying-party ID must be a domain (`localhost` is one); and browsers expose WebAuthn only in a
 * secure context (HTTPS or localhost). The reason is kept so that a page can say why.
 */
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';

/** Why passkeys cannot work here; `null` when they can. */
export type PasskeyUnavailable = 'noWebAuthn' | 'insecureContext' | 'ipAddress';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** A host written as an IP address: IPv4 dotted, or IPv6 (bracketed in a URL's hostname). */
export function isIpAddress(hostname: string): boolean {
  return IPV4.test(hostname) || hostname.includes(':');
}

export function passkeyUnavailable(): PasskeyUnavailable | null {
  // The address first: it is the cause the user can act on (open the page by its name).
  if (isIpAddress(window.location.hostname)) return 'ipAddress';
  // `=== false`: an environment without the flag is not taken for an insecure one.
  if (window.isSecureContext === false) return 'insecureContext';
  if (!browserSupportsWebAuthn()) return 'noWebAuthn';
  return null;
}
