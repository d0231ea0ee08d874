/**
 * @module Every route of the app. Each feature exports its own routes; here they are put behind
 * the guards they need. Public: the auth screens, the error page and the development outbox.
 */
import type { RouteObject } from 'react-router';
import { accountRoutes } from '../features/account/routes';
import { adminRoutes } from '../features/admin/routes';
import { authRoutes } from '../features/auth/routes';
import { outboxRoutes } from '../features/dev-outbox/routes';
import { invitationRoutes, organizationRoutes } from '../features/organization/routes';
import { Home, RequireAdmin, RequireSession } from './guards';
import { Layout } from './layout';
import { NotFound } from './not-found';

export const appRoutes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <Home /> },
      ...authRoutes,
      ...outboxRoutes,
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
];
