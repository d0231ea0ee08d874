import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BERLIN, BERLIN_IP, geoIpDatabaseFile } from '../../../packages/server/test/support/geoip-fixture';
import { openConfiguredGeoIp } from './geoip';
import { StartupError } from './secret';

describe('openConfiguredGeoIp', () => {
  it('opens nothing when GEOIP_DATABASE is unset', async () => {
    expect(await openConfiguredGeoIp(undefined)).toBeUndefined();
  });

  it('opens the MaxMind DB file named', async () => {
    const locate = await openConfiguredGeoIp(geoIpDatabaseFile());
    expect(locate?.(BERLIN_IP, 'en')).toEqual(BERLIN);
  });

  it('refuses to start on a missing file or one that is not a MaxMind DB, saying which and why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-geoip-config-'));
    const missing = join(dir, 'GeoLite2-City.mmdb');
    const refusal = openConfiguredGeoIp(missing);
    await expect(refusal).rejects.toBeInstanceOf(StartupError);
    await expect(refusal).rejects.toThrow(
      `GEOIP_DATABASE="${missing}": cannot be opened as a MaxMind DB file (ENOENT: no such file or directory`,
    );
    const corrupt = join(dir, 'corrupt.mmdb');
    writeFileSync(corrupt, 'not a database');
    await expect(openConfiguredGeoIp(corrupt)).rejects.toThrow(/^GEOIP_DATABASE=".*corrupt\.mmdb": cannot be opened/);
  });
});
