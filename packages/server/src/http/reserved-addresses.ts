/**
 * @module The IP networks that are nobody's public address: unspecified, loopback, private,
 * shared (CGNAT), link-local, benchmarking, multicast and reserved, in IPv4 and IPv6. One list for
 * every guard that must tell a public address from one inside an operator's network — the session
 * lists' places (such an address names no place, or worse the operator's own proxy) and the OAuth
 * provider's outbound calls (such an address would let a client registrant reach the server's own
 * network).
 */
import { BlockList, isIP } from 'node:net';

// Two lists, one per family: Node's BlockList matches every IPv4 address against an IPv6 rule for
// `::ffff:0:0/96` (it compares IPv4 as mapped IPv6), so one mixed list would reserve all of IPv4.
const RESERVED_IPV4 = new BlockList();
const RESERVED_IPV6 = new BlockList();
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
  RESERVED_IPV4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped addresses reach the IPv4 host they embed: reserved whole rather than unpacked
  // (client-ip.ts already gives a mapped peer address in its dotted IPv4 form).
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  RESERVED_IPV6.addSubnet(network, prefix, 'ipv6');
}

/** Whether `ip` is an IP address (not a name) inside a reserved network. */
export function isReservedAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return RESERVED_IPV4.check(ip, 'ipv4');
  return family === 6 && RESERVED_IPV6.check(ip, 'ipv6');
}
