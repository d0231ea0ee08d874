/**
 * @module Which address a request comes from, and the key rate limits count it under.
 * `X-Forwarded-For` is believed only when the socket peer is a configured proxy (anyone can send
 * the header); IPv6 clients are grouped by /64, since one host usually owns the whole prefix.
 */
import { isIPv4, isIPv6 } from 'node:net';

export function clientIpOf(socketIp: string | undefined, headers: Headers, trustedProxies: ReadonlySet<string>): string | undefined {
  const peer = socketIp && normalizeIp(socketIp);
  if (!peer || !trustedProxies.has(peer)) return peer || undefined;
  const hops = (headers.get('x-forwarded-for') ?? '').split(',').map((h) => normalizeIp(h.trim()));
  // Walk back from the nearest hop: the first address not of our own proxies is the client.
  // Hops further back were written by the client itself, so an unparsable hop ends the walk
  // rather than letting a forged earlier entry stand in for the real address.
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i];
    if (!hop) break;
    if (!trustedProxies.has(hop)) return hop;
  }
  return peer;
}

function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  return isIPv4(ip) || isIPv6(ip) ? ip.toLowerCase() : '';
}

export function rateLimitAddress(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':') + '::/64';
}
