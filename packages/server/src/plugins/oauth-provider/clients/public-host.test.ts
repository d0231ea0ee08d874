import { describe, expect, it } from 'vitest';
import { isPublicHost } from './public-host';

describe('isPublicHost', () => {
  it('passes public names and public IPv4 and IPv6 literals', () => {
    // A public IPv4 literal (and every address a public name resolves to, which guarded-fetch checks
    // with this function) was refused while the reserved list mixed families in one BlockList.
    for (const host of ['8.8.8.8', '203.0.113.9', '[2a00:1450::1]', 'rp.example.com', 'RP.Example.COM.'])
      expect(isPublicHost(host), host).toBe(true);
  });

  it('refuses loopback, private, reserved and internal hosts', () => {
    for (const host of ['127.0.0.1', '10.0.0.1', '169.254.169.254', '[::1]', '[::ffff:7f00:1]', '[fd00::1]'])
      expect(isPublicHost(host), host).toBe(false);
    for (const host of ['localhost', 'db.internal', 'printer.local', 'intranet', ''])
      expect(isPublicHost(host), host).toBe(false);
  });
});
