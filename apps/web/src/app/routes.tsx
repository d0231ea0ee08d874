/**
 * @module Every route of the app. Each feature exports its own routes; here they are put behind
 * the guards they need. Public: the auth screens, the error page, the development outbox and the
 * OAuth consent and device pages.
 * The auth screens are in the main bundle (they are where most visits start); the other features
 * load their screens on first visit, so the sign-in page carries neither the admin console's
 * DataGrid nor the account and organization screens.
 */
import type { RouteObject } from '../lib/router';
import { accountRoutes } from '../features/account/routes';
import { adminRoutes } from '../features/admin/routes';
import { authRoutes } from '../features/auth/routes';
import { outboxRoutes } from '../features/dev-outbox/routes';
import { oauthRoutes } from '../features/oauth/routes';
import { invitationRoutes, organizationRoutes } from '../features/organization/routes';
import { Home, Loading, RequireAdmin, RequireSession } from './guards';
import { Layout } from './layout';
import { NotFound } from './not-found';
import { RouteError } from './route-error';

export const appRoutes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        // While the first screen's code loads the header is already there, with a spinner below
        // it (a fallback on the layout's own route would replace the header too); a screen that
        // fails to load or render keeps the header as well.
        hydrateFallbackElement: <Loading />,
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Home /> },
          ...authRoutes,
          ...outboxRoutes,
          // Signed out, the consent and device pages send to sign-in themselves, keeping the request.
          ...oauthRoutes,
          {
            element: <RequireSession />,
            children: [
              ...accountRoutes,
              ...organizationRoutes,
              ...invitationRoutes,
              { element: <RequireAdmin />, children: adminRoutes },
            ],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
