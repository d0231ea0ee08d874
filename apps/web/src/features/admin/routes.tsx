/**
 * @module The admin console, under /admin; the app mounts it behind RequireSession and
 * RequireAdmin, so only users whose role opens one of its screens reach it, and each screen is
 * behind its own permission (require-screen.tsx; the server checks every call anyway).
 * Its screens load on first visit: the DataGrid is the largest part of the app, and most users
 * never open the console.
 */
import type { RouteObject } from '../../lib/router';
import { withTexts } from '../../lib/locale-bundles';
import { FirstScreen, RequireScreen } from './components/require-screen';

export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    // The console's texts before any of its screens renders; a user's sessions reuse the account
    // page's words for a revoked session.
    lazy: withTexts(['admin', 'account'], async () => ({})),
    children: [
      { index: true, element: <FirstScreen /> },
      {
        element: <RequireScreen screen="users" />,
        children: [
          { path: 'users', lazy: async () => ({ Component: (await import('./components/users-page')).UsersPage }) },
          {
            path: 'users/new',
            lazy: async () => ({ Component: (await import('./components/create-user-page')).CreateUserPage }),
          },
          {
            path: 'users/:id',
            lazy: async () => ({ Component: (await import('./components/user-detail-page')).UserDetailPage }),
          },
        ],
      },
      {
        element: <RequireScreen screen="applications" />,
        children: [
          {
            path: 'applications',
            lazy: async () => ({ Component: (await import('./components/applications-page')).ApplicationsPage }),
          },
          {
            path: 'applications/new',
            lazy: async () => ({
              Component: (await import('./components/create-application-page')).CreateApplicationPage,
            }),
          },
          {
            path: 'applications/:clientId',
            lazy: async () => ({
              Component: (await import('./components/application-detail-page')).ApplicationDetailPage,
            }),
          },
          {
            path: 'applications/:clientId/edit',
            lazy: async () => ({
              Component: (await import('./components/edit-application-page')).EditApplicationPage,
            }),
          },
        ],
      },
      {
        element: <RequireScreen screen="audit" />,
        children: [
          { path: 'audit', lazy: async () => ({ Component: (await import('./components/audit-page')).AuditPage }) },
        ],
      },
    ],
  },
];
