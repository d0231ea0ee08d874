/**
 * @module Where an IP address is, as the session lists show it: the city and country of an address,
 * in the reader's language where the database has it. The lookup is the operator's (`ipLocation`
 * option, usually a MaxMind database, geoip-database.ts); without one every answer is null and
 * nothing is spent. It runs when a list is read, not when a session is created: see
 * docs/decisions.md, "Session locations are looked up when read".
 */
import { isIP } from 'node:net';
import { isReservedAddress } from '../http/reserved-addresses';
import type { ServerLanguage } from '../i18n/request-language';

/** A place as a session list shows it; a database of countries only has no city. */
export interface IpLocation {
  readonly city: string | null;
  readonly country: string | null;
  /** ISO 3166-1 alpha-2, e.g. `DE`. */
  readonly countryCode: string | null;
}

/** Looks an address up; null when the database does not know it. Must not throw for a valid address. */
export type IpLocator = (ip: string, language: ServerLanguage) => IpLocation | null;

/**
 * Whether an address can have a place: a valid address outside the reserved networks, which name
 * no place or, worse, the operator's own network (a proxy's internal address).
 */
export function isLocatableIp(ip: string): boolean {
  return isIP(ip) !== 0 && !isReservedAddress(ip);
}

/** The place of `ip` in `language`; null without a locator, for an address with no place, or an unknown one. */
export function locateIp(
  locator: IpLocator | undefined,
  ip: string | null | undefined,
  language: ServerLanguage,
): IpLocation | null {
  if (!locator || !ip || !isLocatableIp(ip)) return null;
  return locator(ip, language);
}

/**
 * Rows with an IP address (sessions, trusted browsers) with the place of each, for a list answered
 * to a reader of `language`. Without a locator each `location` is null.
 */
export function withLocations<T extends { readonly ipAddress: string | null }>(
  locator: IpLocator | undefined,
  language: ServerLanguage,
  rows: readonly T[],
): (T & { location: IpLocation | null })[] {
  return rows.map((row) => ({ ...row, location: locateIp(locator, row.ipAddress, language) }));
}
