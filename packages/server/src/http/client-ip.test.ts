import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../auth/options';
import { clientIpOf, normalizeIp, rateLimitAddress } from './client-ip';

const none = new Set<string>();
const xff = (value: string) => new Headers({ 'x-forwarded-for': value });

describe('clientIpOf', () => {
  it('uses the socket address when no proxy is trusted', () => {
    expect(clientIpOf('203.0.113.7', new Headers(), none)).toBe('203.0.113.7');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(clientIpOf('203.0.113.7', xff('198.51.100.1'), none)).toBe('203.0.113.7');
    expect(clientIpOf('203.0.113.7', xff('198.51.100.1'), new Set(['10.0.0.1']))).toBe('203.0.113.7');
  });

  it('takes the client from X-Forwarded-For when the peer is a trusted proxy', () => {
    expect(clientIpOf('10.0.0.1', xff('198.51.100.1'), new Set(['10.0.0.1']))).toBe('198.51.100.1');
  });

  it('takes the nearest hop not of our own proxies, so a client cannot choose its address by prepending one', () => {
    const proxies = new Set(['10.0.0.1', '10.0.0.2']);
    expect(clientIpOf('10.0.0.1', xff('1.1.1.1, 198.51.100.1, 10.0.0.2'), proxies)).toBe('198.51.100.1');
  });

  it('falls back to the proxy itself when X-Forwarded-For is missing', () => {
    expect(clientIpOf('10.0.0.1', new Headers(), new Set(['10.0.0.1']))).toBe('10.0.0.1');
  });

  it('does not look past an unparsable hop to addresses the client wrote itself', () => {
    const proxies = new Set(['10.0.0.1']);
    expect(clientIpOf('10.0.0.1', xff('1.1.1.1, unknown'), proxies)).toBe('10.0.0.1');
    expect(clientIpOf('10.0.0.1', xff('1.1.1.1, 198.51.100.1:4711'), proxies)).toBe('10.0.0.1');
  });

  it('reads an IPv4-mapped IPv6 socket address as IPv4', () => {
    expect(clientIpOf('::ffff:203.0.113.7', new Headers(), none)).toBe('203.0.113.7');
    expect(clientIpOf('::ffff:10.0.0.1', xff('198.51.100.1'), new Set(['10.0.0.1']))).toBe('198.51.100.1');
  });

  it('lower-cases IPv6 addresses', () => {
    expect(clientIpOf('2001:DB8::1', new Headers(), none)).toBe('2001:db8::1');
  });

  it('answers undefined for a missing or malformed socket address', () => {
    expect(clientIpOf(undefined, new Headers(), none)).toBeUndefined();
    expect(clientIpOf('', new Headers(), none)).toBeUndefined();
    expect(clientIpOf('not an address', new Headers(), none)).toBeUndefined();
  });
});

describe('rateLimitAddress', () => {
  it('keeps an IPv4 address whole', () => {
    expect(rateLimitAddress('203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses of one /64 under one key', () => {
    const key = rateLimitAddress('2001:db8::1');
    expect(key).toBe('2001:db8:0:0::/64');
    expect(rateLimitAddress('2001:db8::2:3')).toBe(key);
    expect(rateLimitAddress('2001:0db8:0000:0000:ffff:ffff:ffff:ffff')).toBe(key);
    expect(rateLimitAddress('2001:db8:0:0:1::')).toBe(key);
  });

  it('keeps different /64 prefixes apart', () => {
    expect(rateLimitAddress('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(rateLimitAddress('2001:db8:0:1::1')).not.toBe(rateLimitAddress('2001:db8::1'));
    expect(rateLimitAddress('2001:db9::1')).not.toBe(rateLimitAddress('2001:db8::1'));
  });

  it('handles the loopback, the unspecified address and an embedded IPv4 tail', () => {
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitAddress('::')).toBe('0:0:0:0::/64');
    expect(rateLimitAddress('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});

describe('normalizeIp', () => {
  it('writes every address the way Node reports socket peers', () => {
    expect(normalizeIp('10.0.0.1')).toBe('10.0.0.1');
    expect(normalizeIp('::FFFF:10.0.0.2')).toBe('10.0.0.2');
    expect(normalizeIp('0:0:0:0:0:ffff:a00:3')).toBe('10.0.0.3');
    expect(normalizeIp('0:0:0:0:0:0:0:1')).toBe('::1');
    expect(normalizeIp('FD00::A')).toBe('fd00::a');
    expect(normalizeIp('proxy.internal')).toBe('');
    expect(normalizeIp('::ffff:999.1.1.1')).toBe('');
  });

  it('lets configured proxies in any spelling match the peer Node reports', () => {
    const options = resolveOptions({
      baseURL: 'http://localhost:3000',
      secret: 's'.repeat(32),
      database: { url: ':memory:' },
      trustedProxies: ['::FFFF:10.0.0.2', '0:0:0:0:0:0:0:1'],
    });
    expect(clientIpOf('::ffff:10.0.0.2', xff('198.51.100.1'), options.trustedProxies)).toBe('198.51.100.1');
    expect(clientIpOf('::1', xff('198.51.100.2'), options.trustedProxies)).toBe('198.51.100.2');
  });
});
