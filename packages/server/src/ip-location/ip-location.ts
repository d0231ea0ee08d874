/**
 * @module Where an IP address is, as the session lists show it: the city and country of an address,
 * in the reader's language where the database has it. The lookup is the operator's (`ipLocation`
 * option, usually a MaxMind database, geoip-database.ts); without one every answer is null and
 * nothing is spent. It runs when a list is read, not when a session is created: see
 * docs/decisions.md, "Session locations are looked up when read".
 */
import { BlockList, isIP } from 'node:net';
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

// Addresses that name no place: a lookup would answer nothing or, worse, the operator's own network
// (a proxy's internal address), so they are never looked up.
const UNLOCATED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  UNLOCATED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  UNLOCATED.addSubnet(network, prefix, 'ipv6');

/** Whether an address can have a place: a valid address outside the private, loopback and link-local ranges. */
export function isLocatableIp(ip: string): boolean {
  const version = isIP(ip);
  if (version === 0) return false;
  return !UNLOCATED.check(ip, version === 4 ? 'ipv4' : 'ipv6');
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
