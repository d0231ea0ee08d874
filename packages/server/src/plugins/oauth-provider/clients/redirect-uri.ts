/**
 * @module The rules a registered redirect URI (and post-logout redirect URI) must follow, by the
 * client's application type (OpenID Connect Registration §2, RFC 8252 §7, RFC 9700 §4.1.1). The
 * authorization endpoint compares redirect URIs exactly (loopback ports aside), so what is
 * registered here is the whole of what a code can be sent to.
 */

/** Why `uri` may not be registered for a client of `applicationType`, or null when it may. */
export function redirectUriRefusal(uri: string, applicationType: 'web' | 'native'): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `redirect URI must be an absolute URI: ${uri}`;
  }
  // A fragment would be lost on the redirect (RFC 6749 §3.1.2) and credentials would be sent to
  // whoever serves the URI; the raw text is read because `URL.hash` is empty for a bare '#'.
  if (uri.includes('#') || url.username !== '' || url.password !== '') {
    return `redirect URI must not include credentials or a fragment: ${uri}`;
  }
  // Matching is exact: a '*' would only ever match itself, and registering one says the client
  // expects a pattern match that would let an attacker's path or host through.
  if (uri.includes('*')) return `redirect URI must not include wildcards: ${uri}`;
  // Schemes that run or read something in the user's browser or machine instead of reaching the client.
  if (SCRIPT_OR_LOCAL_SCHEMES.has(url.protocol)) return `redirect URI scheme is not allowed: ${uri}`;

  const loopbackHttp = url.protocol === 'http:' && LOOPBACK_HOSTS.has(rawHttpHost(uri) ?? '');
  if (url.protocol === 'https:') {
    // An https loopback URI needs a certificate for localhost: never a real client's, and a
    // native app's loopback listener is http (RFC 8252 §7.3).
    if (isLoopbackName(url.hostname)) return `redirect URI must not use https on a loopback host: ${uri}`;
    return null;
  }
  if (url.protocol === 'http:') {
    // Plain http is readable on the way: only the machine's own loopback, named exactly as RFC
    // 8252 §7.3 names it (not `127.1` nor `localhost.`, which the URL parser would normalise).
    return loopbackHttp ? null : `redirect URI must use https, or http only on localhost, 127.0.0.1 or [::1]: ${uri}`;
  }
  if (applicationType === 'web') return `web clients require https redirect URIs: ${uri}`;
  // RFC 8252 §7.1: a native app's private-use scheme is a reverse domain name it controls, with
  // no authority (`com.example.app:/cb`), so that two apps do not claim the same scheme.
  if (!/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+:$/.test(url.protocol) || uri.slice(url.protocol.length).startsWith('//')) {
    return `native private-use redirect URI schemes must be reverse-domain names without an authority: ${uri}`;
  }
  return null;
}

const SCRIPT_OR_LOCAL_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'ftp:', 'mailto:']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopbackName(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.');
}

/** The host of an http URI as written, lower-cased, before the URL parser normalises it. */
function rawHttpHost(uri: string): string | null {
  const authority = /^http:\/\/([^/?#]*)/i.exec(uri)?.[1];
  if (authority === undefined) return null;
  const hostAndPort = authority.slice(authority.lastIndexOf('@') + 1).toLowerCase();
  if (hostAndPort.startsWith('[')) return hostAndPort.slice(0, hostAndPort.indexOf(']') + 1);
  return hostAndPort.split(':')[0] ?? null;
}
