import { describe, expect, it, vi } from 'vitest';
import { isLocatableIp, locateIp, withLocations, type IpLocator } from './ip-location';

const HERE = { city: 'Berlin', country: 'Germany', countryCode: 'DE' };

describe('isLocatableIp', () => {
  it('refuses private, loopback, link-local, shared and unspecified addresses, and non-addresses', () => {
    for (const ip of ['10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '127.0.0.1', '169.254.1.1'])
      expect(isLocatableIp(ip), ip).toBe(false);
    for (const ip of ['100.64.0.1', '0.0.0.0', '::', '::1', 'fd00::1', 'fe80::1', '', 'localhost', '1.2.3'])
      expect(isLocatableIp(ip), ip).toBe(false);
  });

  it('accepts public IPv4 and IPv6 addresses', () => {
    for (const ip of ['203.0.113.9', '8.8.8.8', '172.32.0.1', '2001:db8::1', '2a00:1450::1'])
      expect(isLocatableIp(ip), ip).toBe(true);
  });
});

describe('locateIp', () => {
  it('asks the locator with the language for a public address', () => {
    const locator = vi.fn<IpLocator>(() => HERE);
    expect(locateIp(locator, '203.0.113.9', 'de')).toEqual(HERE);
    expect(locator).toHaveBeenCalledWith('203.0.113.9', 'de');
  });

  it('answers null without asking for a private address, no address, or no locator', () => {
    const locator = vi.fn<IpLocator>(() => HERE);
    expect(locateIp(locator, '192.168.0.2', 'en')).toBeNull();
    expect(locateIp(locator, null, 'en')).toBeNull();
    expect(locator).not.toHaveBeenCalled();
    expect(locateIp(undefined, '203.0.113.9', 'en')).toBeNull();
  });
});

describe('withLocations', () => {
  it('adds each row’s place, null where there is none', () => {
    const locator: IpLocator = (ip) => (ip === '203.0.113.9' ? HERE : null);
    const rows = [
      { id: 'a', ipAddress: '203.0.113.9' },
      { id: 'b', ipAddress: '198.51.100.1' },
      { id: 'c', ipAddress: null },
    ];
    expect(withLocations(locator, 'en', rows)).toEqual([
      { id: 'a', ipAddress: '203.0.113.9', location: HERE },
      { id: 'b', ipAddress: '198.51.100.1', location: null },
      { id: 'c', ipAddress: null, location: null },
    ]);
  });
});
