/**
 * @module The organization feature's routes, mounted by app/routes.tsx behind RequireSession: the
 * list and an organization's sections under /organizations, and the invitation page the
 * invitation mail links to (a signed-out visitor signs in first and comes back to it).
 */
import type { RouteObject } from 'react-router';
import { InvitationPage } from './components/invitation-page';
import { OrganizationPage } from './components/organization-page';
import { OrganizationsPage } from './components/organizations-page';

/** Organizations, under /organizations. */
export const organizationRoutes: RouteObject[] = [
  {
    path: 'organizations',
    children: [
      { index: true, element: <OrganizationsPage /> },
      { path: ':organizationId/:section?', element: <OrganizationPage /> },
    ],
  },
];

/** The invitation page `/invitations/:invitationId`. */
export const invitationRoutes: RouteObject[] = [{ path: 'invitations/:invitationId', element: <InvitationPage /> }];
