/**
 * @module The signed-in user's account screens, under /account (mounted behind RequireSession):
 * one layout with the list of sections, one route per section.
 */
import type { RouteObject } from 'react-router';
import { AccountLayout } from './components/account-layout';
import { ChangeEmailSection } from './components/change-email-section';
import { DeleteAccountSection } from './components/delete-account-section';
import { LinkedAccountsSection } from './components/linked-accounts-section';
import { PasswordSection } from './components/password-section';
import { ProfileSection } from './components/profile-section';
import { SessionsSection } from './components/sessions-section';

export const accountRoutes: RouteObject[] = [
  {
    path: 'account',
    element: <AccountLayout />,
    children: [
      { index: true, element: <ProfileSection /> },
      { path: 'email', element: <ChangeEmailSection /> },
      { path: 'password', element: <PasswordSection /> },
      { path: 'sessions', element: <SessionsSection /> },
      { path: 'linked', element: <LinkedAccountsSection /> },
      { path: 'delete', element: <DeleteAccountSection /> },
    ],
  },
];
