/**
 * @module An `IpLocator` over a MaxMind DB file (GeoLite2 or GeoIP2, City or Country), read with
 * the `maxmind` package. The file is read once into memory and never fetched from anywhere: the
 * operator provides it and replaces it (a restart reads the new one). Names come in the reader's
 * language where the database has it (MaxMind's: de, en, es, fr, ja, pt-BR, ru, zh-CN), English
 * otherwise.
 */
import { open, type CityResponse } from 'maxmind';
import type { ServerLanguage } from '../i18n/request-language';
import type { IpLocation, IpLocator } from './ip-location';

/** A record's `names`, as far as the server's languages go (MaxMind has no pl, tr nor uk). */
type Names = Readonly<Partial<Record<ServerLanguage, string>>>;

/** How many addresses' records stay decoded: a page of sessions repeats a few addresses. */
const CACHE_SIZE = 5_000;

/**
 * Opens the file; rejects when it cannot be read or is not a MaxMind DB, so that a wrong path fails
 * at start and not on the first list.
 */
export async function openGeoIpDatabase(path: string): Promise<IpLocator> {
  const reader = await open<CityResponse>(path, { cache: { max: CACHE_SIZE } });
  return (ip, language) => {
    const record = reader.get(ip);
    if (!record) return null;
    const city = nameIn(record.city?.names, language);
    const country = nameIn(record.country?.names, language);
    const countryCode = record.country?.iso_code ?? null;
    if (!city && !country && !countryCode) return null;
    return { city, country, countryCode } satisfies IpLocation;
  };
}

function nameIn(names: Names | undefined, language: ServerLanguage): string | null {
  return names?.[language] ?? names?.en ?? null;
}
