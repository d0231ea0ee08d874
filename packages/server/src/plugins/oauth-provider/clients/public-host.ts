/**
 * @module Whether a URL's host is one the provider may call out to (a client's jwks_uri, its
 * back-channel logout URI): not a loopback, private, link-local or otherwise reserved address, nor
 * a name that resolves only inside the network. A registered URL is fetched by the server, so a
 * private one would let anyone who can register a client probe or hit the server's own network
 * (SSRF). A public DNS name passes here; what it resolves to is the fetcher's to check.
 */
import { isIP } from 'node:net';
import { isReservedAddress } from '../../../plugin';

const INTERNAL_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa'];

/** `hostname` as `URL.hostname` gives it (IPv6 in brackets). */
export function isPublicHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[(.*)\]$/, '$1');
  if (host === '' || host === 'localhost' || INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return false;
  if (isIP(host) !== 0) return !isReservedAddress(host);
  // A single label is resolved through the local search domains: an internal name.
  return host.includes('.');
}
