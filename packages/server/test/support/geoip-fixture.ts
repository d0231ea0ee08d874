/**
 * @module A GeoLite2-City-like database for the tests (written with mmdb-writer.ts into a temporary
 * file): Berlin for 203.0.113.0/24, France without a city for 198.51.100.0/24, Tokyo for
 * 2001:db8:1::/48, and a place for the private 10.0.0.0/8 too, so that a test shows such addresses
 * are never looked up rather than merely absent. 192.0.2.0/24 is public and not in it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cityRecord, writeMmdb } from './mmdb-writer';

export const BERLIN_IP = '203.0.113.9';
export const FRANCE_IP = '198.51.100.20';
export const TOKYO_IP = '2001:db8:1::7';
export const PRIVATE_MAPPED_IP = '10.1.2.3';
export const UNKNOWN_IP = '192.0.2.44';

export const BERLIN = { city: 'Berlin', country: 'Germany', countryCode: 'DE' } as const;
export const BERLIN_DE = { city: 'Berlin', country: 'Deutschland', countryCode: 'DE' } as const;
export const BERLIN_RU = { city: 'Берлин', country: 'Германия', countryCode: 'DE' } as const;
export const FRANCE = { city: null, country: 'France', countryCode: 'FR' } as const;
export const TOKYO = { city: 'Tokyo', country: 'Japan', countryCode: 'JP' } as const;

let written: string | undefined;

/** The database's path; written once per test process. */
export function geoIpDatabaseFile(): string {
  if (written) return written;
  const file = join(mkdtempSync(join(tmpdir(), 'latchkey-geoip-')), 'GeoLite2-City-test.mmdb');
  const mmdb = writeMmdb(
    [
      {
        cidr: '203.0.113.0/24',
        record: cityRecord(
          { en: 'Berlin', de: 'Berlin', ru: 'Берлин' },
          { isoCode: 'DE', names: { en: 'Germany', de: 'Deutschland', ru: 'Германия' } },
        ),
      },
      {
        cidr: '198.51.100.0/24',
        record: cityRecord(undefined, { isoCode: 'FR', names: { en: 'France', de: 'Frankreich' } }),
      },
      { cidr: '2001:db8:1::/48', record: cityRecord({ en: 'Tokyo' }, { isoCode: 'JP', names: { en: 'Japan' } }) },
      { cidr: '10.0.0.0/8', record: cityRecord({ en: 'Intranet' }, { isoCode: 'ZZ', names: { en: 'Nowhere' } }) },
    ],
    { databaseType: 'GeoLite2-City', languages: ['de', 'en', 'ru'] },
  );
  writeFileSync(file, mmdb);
  written = file;
  return file;
}
