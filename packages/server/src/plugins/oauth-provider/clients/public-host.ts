/**
 * @module Whether a URL's host is one the provider may call out to (a client's jwks_uri, its
 * back-channel logout URI): not a loopback, private, link-local or otherwise reserved address, nor
 * a name that resolves only inside the network. A registered URL is fetched by the server, so a
 * private one would let anyone who can register a client probe or hit the server's own network
 * (SSRF). A public DNS name passes here; what it resolves to is the fetcher's to check.
 */
import { BlockList, isIP } from 'node:net';

const RESERVED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  RESERVED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped addresses reach the IPv4 host they embed: refused whole rather than unpacked.
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  RESERVED.addSubnet(network, prefix, 'ipv6');
}

const INTERNAL_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa'];

/** `hostname` as `URL.hostname` gives it (IPv6 in brackets). */
export function isPublicHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[(.*)\]$/, '$1');
  if (host === '' || host === 'localhost' || INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return false;
  const family = isIP(host);
  if (family === 4) return !RESERVED.check(host, 'ipv4');
  if (family === 6) return !RESERVED.check(host, 'ipv6');
  // A single label is resolved through the local search domains: an internal name.
  return host.includes('.');
}
