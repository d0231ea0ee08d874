import { describe, expect, it } from 'vitest';
import { isReservedAddress } from './reserved-addresses';

describe('isReservedAddress', () => {
  it('reserves private, loopback, link-local, shared, benchmarking, multicast and unspecified networks', () => {
    for (const ip of ['10.1.2.3', '172.16.0.1', '192.168.1.1', '127.0.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0'])
      expect(isReservedAddress(ip), ip).toBe(true);
    for (const ip of ['192.0.0.8', '198.18.0.1', '224.0.0.1', '255.255.255.255'])
      expect(isReservedAddress(ip), ip).toBe(true);
    for (const ip of [
      '::',
      '::1',
      'fd00::1',
      'fe80::1',
      'ff02::1',
      '::ffff:8.8.8.8',
      '::ffff:a00:1',
      '64:ff9b::808:808',
    ])
      expect(isReservedAddress(ip), ip).toBe(true);
  });

  // The IPv4-mapped IPv6 rule must not reach plain IPv4: Node's BlockList compares an IPv4 address
  // as its mapped IPv6 form, so a list mixing families reserved every IPv4 address.
  it('leaves public IPv4 and IPv6 addresses, and names, alone', () => {
    for (const ip of ['8.8.8.8', '203.0.113.9', '172.32.0.1', '2001:db8::1', '2a00:1450::1', 'example.com', ''])
      expect(isReservedAddress(ip), ip).toBe(false);
  });
});
