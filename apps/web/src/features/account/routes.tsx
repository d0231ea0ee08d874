/**
 * @module The signed-in user's account screens, under /account (mounted behind RequireSession):
 * one layout with the list of sections, one route per section. Each loads on first visit, so the
 * sign-in page does not carry them.
 */
import type { RouteObject } from '../../lib/router';
import { withTexts } from '../../lib/locale-bundles';

export const accountRoutes: RouteObject[] = [
  {
    path: 'account',
    // The section's texts with the layout's code: every screen below renders with its words at once.
    lazy: withTexts(['account'], async () => ({
      Component: (await import('./components/account-layout')).AccountLayout,
    })),
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./components/profile-section')).ProfileSection }),
      },
      {
        path: 'email',
        lazy: async () => ({ Component: (await import('./components/change-email-section')).ChangeEmailSection }),
      },
      {
        path: 'password',
        lazy: async () => ({ Component: (await import('./components/password-section')).PasswordSection }),
      },
      {
        path: 'security',
        // Two-factor, then passkeys: each section its own module, loaded together.
        lazy: async () => {
          const [{ SecuritySection }, { PasskeysSection }] = await Promise.all([
            import('./components/security-section'),
            import('./components/passkeys-section'),
          ]);
          return {
            Component: function SecurityPage() {
              return (
                <>
                  <SecuritySection />
                  <PasskeysSection />
                </>
              );
            },
          };
        },
      },
      {
        path: 'sessions',
        lazy: async () => ({ Component: (await import('./components/sessions-section')).SessionsSection }),
      },
      {
        path: 'activity',
        lazy: async () => ({ Component: (await import('./components/activity-section')).ActivitySection }),
      },
      {
        path: 'linked',
        lazy: async () => ({
          Component: (await import('./components/linked-accounts-section')).LinkedAccountsSection,
        }),
      },
      {
        path: 'applications',
        lazy: async () => ({
          Component: (await import('./components/connected-apps-section')).ConnectedAppsSection,
        }),
      },
      {
        path: 'delete',
        lazy: async () => ({ Component: (await import('./components/delete-account-section')).DeleteAccountSection }),
      },
    ],
  },
];
