/**
 * @module The admin console, under /admin; the app mounts it behind RequireSession and
 * RequireAdmin, so only platform admins reach it (and the server checks every call anyway).
 */
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { CreateUserPage } from './components/create-user-page';
import { UserDetailPage } from './components/user-detail-page';
import { UsersPage } from './components/users-page';

export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    children: [
      { index: true, element: <Navigate to="users" replace /> },
      { path: 'users', element: <UsersPage /> },
      { path: 'users/new', element: <CreateUserPage /> },
      { path: 'users/:id', element: <UserDetailPage /> },
    ],
  },
];
