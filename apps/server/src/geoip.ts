/**
 * @module GEOIP_DATABASE opened at start: the MaxMind DB file the session lists place addresses
 * with. A file that cannot be read or is not a MaxMind DB stops the start with one line saying so,
 * rather than a server that silently shows no places; no variable, no reader and no cost.
 */
import { openGeoIpDatabase, type IpLocator } from '@latchkey/server';
import { StartupError } from './secret';

export async function openConfiguredGeoIp(path: string | undefined): Promise<IpLocator | undefined> {
  if (path === undefined) return undefined;
  try {
    return await openGeoIpDatabase(path);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartupError(
      `GEOIP_DATABASE=${JSON.stringify(path)}: cannot be opened as a MaxMind DB file (${reason}).`,
    );
  }
}
