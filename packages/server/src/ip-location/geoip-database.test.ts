import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BERLIN,
  BERLIN_DE,
  BERLIN_IP,
  BERLIN_RU,
  FRANCE,
  FRANCE_IP,
  TOKYO,
  TOKYO_IP,
  UNKNOWN_IP,
  geoIpDatabaseFile,
} from '../../test/support/geoip-fixture';
import { openGeoIpDatabase } from './geoip-database';

describe('openGeoIpDatabase', () => {
  it('answers the city and country of an address, in the language asked where the database has it', async () => {
    const locate = await openGeoIpDatabase(geoIpDatabaseFile());
    expect(locate(BERLIN_IP, 'en')).toEqual(BERLIN);
    expect(locate(BERLIN_IP, 'de')).toEqual(BERLIN_DE);
    expect(locate(BERLIN_IP, 'ru')).toEqual(BERLIN_RU);
    // MaxMind has no Turkish names: English.
    expect(locate(BERLIN_IP, 'tr')).toEqual(BERLIN);
  });

  it('answers a country without a city, IPv6 addresses, and null for an address it does not hold', async () => {
    const locate = await openGeoIpDatabase(geoIpDatabaseFile());
    expect(locate(FRANCE_IP, 'en')).toEqual(FRANCE);
    expect(locate(FRANCE_IP, 'de')).toEqual({ ...FRANCE, country: 'Frankreich' });
    expect(locate(TOKYO_IP, 'fr')).toEqual(TOKYO);
    expect(locate(UNKNOWN_IP, 'en')).toBeNull();
    expect(locate('2001:db8:2::1', 'en')).toBeNull();
  });

  it('rejects a missing file and a file that is not a MaxMind DB', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-geoip-bad-'));
    await expect(openGeoIpDatabase(join(dir, 'absent.mmdb'))).rejects.toThrow(/ENOENT/);
    const notMmdb = join(dir, 'not.mmdb');
    writeFileSync(notMmdb, 'this is not a database');
    await expect(openGeoIpDatabase(notMmdb)).rejects.toThrow();
  });
});
