/**
 * @module The organization feature's routes, mounted by app/routes.tsx behind RequireSession: the
 * list and an organization's sections under /organizations (by slug, or by id for old links), and the invitation page the
 * invitation mail links to (a signed-out visitor signs in first and comes back to it). The screens
 * load on first visit, so the sign-in page does not carry them.
 */
import type { RouteObject } from '../../lib/router';
import { withTexts } from '../../lib/locale-bundles';

/** Organizations, under /organizations. */
export const organizationRoutes: RouteObject[] = [
  {
    path: 'organizations',
    // The section's texts before any of its screens renders; its applications use the admin
    // console's application form and words.
    lazy: withTexts(['organization', 'admin'], async () => ({})),
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./components/organizations-page')).OrganizationsPage }),
      },
      {
        path: ':organization/:section?',
        lazy: async () => ({ Component: (await import('./components/organization-page')).OrganizationPage }),
      },
    ],
  },
];

/** The invitation page `/invitations/:invitationId`. */
export const invitationRoutes: RouteObject[] = [
  {
    path: 'invitations/:invitationId',
    lazy: withTexts(['organization'], async () => ({
      Component: (await import('./components/invitation-page')).InvitationPage,
    })),
  },
];
