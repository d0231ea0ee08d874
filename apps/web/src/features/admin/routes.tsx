/**
 * @module The admin console, under /admin; the app mounts it behind RequireSession and
 * RequireAdmin, so only platform admins reach it (and the server checks every call anyway).
 * Its screens load on first visit: the DataGrid is the largest part of the app, and most users
 * never open the console.
 */
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';

export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    children: [
      { index: true, element: <Navigate to="users" replace /> },
      { path: 'users', lazy: async () => ({ Component: (await import('./components/users-page')).UsersPage }) },
      {
        path: 'users/new',
        lazy: async () => ({ Component: (await import('./components/create-user-page')).CreateUserPage }),
      },
      {
        path: 'users/:id',
        lazy: async () => ({ Component: (await import('./components/user-detail-page')).UserDetailPage }),
      },
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
      { path: 'audit', lazy: async () => ({ Component: (await import('./components/audit-page')).AuditPage }) },
    ],
  },
];
