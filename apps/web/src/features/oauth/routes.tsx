/**
 * @module The OAuth provider's pages of this app: `/consent`, where the server sends a signed-in
 * user whose authorization an application asked for, and `/device`, where a device's user enters
 * its code (RFC 8628). Public (each page sends anyone signed out to sign-in and back with the same
 * request or code), and loaded on first visit.
 */
import type { RouteObject } from '../../lib/router';
import { withTexts } from '../../lib/locale-bundles';

export const oauthRoutes: RouteObject[] = [
  {
    path: 'consent',
    lazy: withTexts(['oauth'], async () => ({ Component: (await import('./components/consent-page')).ConsentPage })),
  },
  {
    path: 'device',
    lazy: withTexts(['oauth'], async () => ({ Component: (await import('./components/device-page')).DevicePage })),
  },
];
