/**
 * @module The public screens of signing in and everything around it: sign-in, sign-up, forgotten
 * and reset password, the landing pages of the verification and account-deletion links, and the
 * app's error page.
 * The sign-in's second step (two-factor) is `/sign-in/two-factor`.
 * Mounted by `app/routes.tsx` outside the session guard.
 * Sign-in, where most visits start, is in the main bundle, with the small account-deleted page;
 * every other screen here loads on first visit, so a cold sign-in carries none of their code nor
 * the zod their forms validate with (#32 item 22). Their texts (`auth`) are among the first ones
 * loaded.
 */
import type { RouteObject } from '../../lib/router';
import { AccountDeletedPage } from './components/account-deleted-page';
import { SignInPage } from './components/sign-in-page';

export const authRoutes: RouteObject[] = [
  { path: 'sign-in', element: <SignInPage /> },
  {
    path: 'sign-in/two-factor',
    lazy: async () => ({ Component: (await import('./components/two-factor-page')).TwoFactorPage }),
  },
  { path: 'sign-up', lazy: async () => ({ Component: (await import('./components/sign-up-page')).SignUpPage }) },
  {
    path: 'forgot-password',
    lazy: async () => ({ Component: (await import('./components/forgot-password-page')).ForgotPasswordPage }),
  },
  {
    path: 'reset-password',
    lazy: async () => ({ Component: (await import('./components/reset-password-page')).ResetPasswordPage }),
  },
  {
    path: 'verify-email',
    lazy: async () => ({ Component: (await import('./components/verify-email-page')).VerifyEmailPage }),
  },
  // In the main bundle too (it is small): a deletion goes there as the session ends, and a page
  // still loading would leave the account screen's guard time to send the user to sign-in instead.
  { path: 'account-deleted', element: <AccountDeletedPage /> },
  { path: 'error', lazy: async () => ({ Component: (await import('./components/error-page')).ErrorPage }) },
];
