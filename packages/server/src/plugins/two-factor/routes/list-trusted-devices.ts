/**
 * @module GET /two-factor/list-trusted-devices: the signed-in user's unexpired trusted browsers,
 * with what recognises them (user agent, IP address and its place, dates) and `current` for the browser asking. Latchkey's
 * own route: better-auth keeps trusted browsers unlisted. The token's digest is never answered.
 */
import { z } from 'zod';
import { defineEndpoint, ipLocationResponse, isoDate, requestLanguage, withLocations } from '../../../plugin';
import { currentDeviceKey, listTrustedDevices } from '../trusted-device';

export const trustedDeviceResponse = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  location: ipLocationResponse,
  createdAt: isoDate,
  lastUsedAt: isoDate,
  expiresAt: isoDate,
  current: z.boolean().meta({ description: 'Whether this is the browser making the request' }),
});

export const listTrustedDevicesRoute = defineEndpoint({
  id: 'listTrustedDevices',
  method: 'GET',
  path: '/two-factor/list-trusted-devices',
  summary: 'List trusted devices',
  session: 'required',
  errors: [],
  response: z.array(trustedDeviceResponse),
  async handler(ctx) {
    const { auth, session } = ctx;
    const key = currentDeviceKey(ctx);
    const rows = await listTrustedDevices(auth, session.user.id);
    return withLocations(auth.options.ipLocation, requestLanguage(ctx.headers), rows).map(
      ({ tokenHash, userId: _userId, ...device }) => ({ ...device, current: tokenHash === key }),
    );
  },
});
