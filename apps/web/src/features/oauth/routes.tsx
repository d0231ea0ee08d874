/**
 * @module The OAuth provider's page of this app: `/consent`, where the server sends a signed-in
 * user whose authorization an application asked for. Public (the page sends anyone signed out to
 * sign-in with the same request), and loaded on first visit.
 */
import type { RouteObject } from 'react-router';

export const oauthRoutes: RouteObject[] = [
  {
    path: 'consent',
    lazy: async () => ({ Component: (await import('./components/consent-page')).ConsentPage }),
  },
];
