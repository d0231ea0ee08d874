/**
 * @module Which address a request comes from, and the key rate limits count it under.
 * `X-Forwarded-For` is believed only when the socket peer is a configured proxy (anyone can send
 * the header); IPv6 clients are grouped by /64, since one host usually owns the whole prefix.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { RequestHeaders } from './transport';

export function clientIpOf(
  socketIp: string | undefined,
  headers: RequestHeaders,
  trustedProxies: ReadonlySet<string>,
): string | undefined {
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

/**
 * One spelling per address, the one Node reports for socket peers: IPv4 dotted (also when mapped
 * into IPv6), IPv6 lower-case and compressed. Configured proxies go through it too, so
 * `::FFFF:10.0.0.1` or `0:0:0:0:0:0:0:1` match the peer they name. '' for anything else.
 */
export function normalizeIp(ip: string): string {
  if (isIPv4(ip)) return ip;
  // The form dual-stack sockets report for every IPv4 client: kept off the slower path below.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return isIPv4(mapped[1]!) ? mapped[1]! : '';
  if (!isIPv6(ip)) return '';
  const compressed = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  // WHATWG writes an IPv4-mapped address in hex (`::ffff:a00:1`); Node reports the peer dotted.
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(compressed);
  if (!hex) return compressed;
  const n = (parseInt(hex[1]!, 16) << 16) | parseInt(hex[2]!, 16);
  return [24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join('.');
}

export function rateLimitAddress(ip: string): string {
  // Every IPv6 address has a colon: an IPv4 client, the usual case, skips isIPv6's long pattern.
  if (!ip.includes(':') || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return (
    groups
      .slice(0, 4)
      .map((g) => g.replace(/^0+(?=.)/, ''))
      .join(':') + '::/64'
  );
}
