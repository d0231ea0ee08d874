/**
 * @module Where a session's or trusted browser's IP address is, as one line: "Berlin, Germany",
 * the country alone when the server's GeoIP database has no city, its code when it has no name.
 * The server names the place in the language the app asks in (its Accept-Language); null when it
 * has no GeoIP database or the address has no place (a private network, an unknown address).
 */
export interface PlaceOfIp {
  readonly city: string | null;
  readonly country: string | null;
  readonly countryCode: string | null;
}

export function placeName(location: PlaceOfIp | null | undefined): string | null {
  if (!location) return null;
  const country = location.country ?? location.countryCode;
  const parts = [location.city, country].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(', ') : null;
}
