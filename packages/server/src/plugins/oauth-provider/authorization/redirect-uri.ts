/**
 * @module Which registered redirect URI an authorization request names: an exact string match
 * (OAuth 2.1 §2.3.1, RFC 9700 §4.1.3: no prefix or pattern, no extra query), except that a native
 * client's loopback IP literal may come back on any port (RFC 8252 §7.3: the port is picked when
 * the app starts). As better-auth's `findRegisteredRedirectUri`: all of 127.0.0.0/8 and `[::1]`,
 * not `localhost`, a name that DNS or the hosts file might send elsewhere (RFC 8252 §8.3).
 */

function isLoopbackIp(hostname: string): boolean {
  if (hostname === '[::1]') return true;
  const octets = hostname.split('.');
  return octets.length === 4 && octets[0] === '127' && octets.every((octet) => /^\d{1,3}$/.test(octet) && +octet < 256);
}

/** The registered URI `requested` matches, or undefined: then nothing may be sent to `requested`. */
export function matchRedirectUri(registered: readonly string[], requested: string): string | undefined {
  let asked: URL | undefined;
  try {
    asked = new URL(requested);
  } catch {
    // Not a URL: only an exact match (there is none among checked registrations) could pass.
  }
  return registered.find((uri) => {
    if (uri === requested) return true;
    if (!asked) return false;
    try {
      const known = new URL(uri);
      // Everything but the port must be as registered: scheme, host, path and query.
      return (
        isLoopbackIp(known.hostname) &&
        known.hostname === asked.hostname &&
        known.protocol === asked.protocol &&
        known.pathname === asked.pathname &&
        known.search === asked.search &&
        asked.username === '' &&
        asked.password === '' &&
        asked.hash === ''
      );
    } catch {
      return false;
    }
  });
}
