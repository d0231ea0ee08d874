/**
 * @module The public screens of signing in and everything around it: sign-in, sign-up, forgotten
 * and reset password, the landing pages of the verification and account-deletion links, and the
 * app's error page.
 * The sign-in's second step (two-factor) is `/sign-in/two-factor`.
 * Mounted by `app/routes.tsx` outside the session guard.
 */
import type { RouteObject } from 'react-router';
import { AccountDeletedPage } from './components/account-deleted-page';
import { ErrorPage } from './components/error-page';
import { ForgotPasswordPage } from './components/forgot-password-page';
import { ResetPasswordPage } from './components/reset-password-page';
import { SignInPage } from './components/sign-in-page';
import { SignUpPage } from './components/sign-up-page';
import { TwoFactorPage } from './components/two-factor-page';
import { VerifyEmailPage } from './components/verify-email-page';

export const authRoutes: RouteObject[] = [
  { path: 'sign-in', element: <SignInPage /> },
  { path: 'sign-in/two-factor', element: <TwoFactorPage /> },
  { path: 'sign-up', element: <SignUpPage /> },
  { path: 'forgot-password', element: <ForgotPasswordPage /> },
  { path: 'reset-password', element: <ResetPasswordPage /> },
  { path: 'verify-email', element: <VerifyEmailPage /> },
  { path: 'account-deleted', element: <AccountDeletedPage /> },
  { path: 'error', element: <ErrorPage /> },
];
