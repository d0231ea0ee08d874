/**
 * @module The core endpoints, in one list the router and the typed api are built from.
 */
import { sendVerificationEmail } from './send-verification-email';
import { verifyEmail } from './verify-email';
import { changeEmail } from './change-email';
import { forgetPassword, requestPasswordReset } from './forget-password';
import { resetPasswordCallback } from './reset-password-link';
import { resetPassword } from './reset-password';
import { changePassword } from './change-password';
import { setPassword } from './set-password';
import { deleteUser } from './delete-user';
import { deleteUserCallback } from './delete-user-callback';
import { listAccounts } from './list-accounts';
import { listSocialProviders } from './list-social-providers';
import { unlinkAccount } from './unlink-account';
import { errorPage } from './error-page';
import { getSession } from './get-session';
import { listSessions } from './list-sessions';
import { ok } from './ok';
import { revokeOtherSessions } from './revoke-other-sessions';
import { revokeSession } from './revoke-session';
import { revokeSessions } from './revoke-sessions';
import { signInEmail } from './sign-in-email';
import { signOut } from './sign-out';
import { signUpEmail } from './sign-up-email';
import { updateUser } from './update-user';
import { signInSocial } from './sign-in-social';
import { callbackOAuth, callbackOAuthFormPost } from './oauth-callback';
import { linkSocial } from './link-social';
import { refreshToken } from './refresh-token';
import { getAccessToken } from './get-access-token';
import { openApiDocument } from './openapi';
import { apiReference } from './api-reference';
import { apiReferenceFile } from './api-reference-file';

export const coreEndpoints = [
  signUpEmail,
  signInEmail,
  signOut,
  getSession,
  listSessions,
  revokeSession,
  revokeSessions,
  revokeOtherSessions,
  updateUser,
  ok,
  errorPage,
  // Account lifecycle
  sendVerificationEmail,
  verifyEmail,
  changeEmail,
  forgetPassword,
  requestPasswordReset,
  resetPasswordCallback,
  resetPassword,
  changePassword,
  setPassword,
  deleteUser,
  deleteUserCallback,
  listAccounts,
  unlinkAccount,
  // Social sign-in (issue #13)
  signInSocial,
  callbackOAuth,
  callbackOAuthFormPost,
  linkSocial,
  refreshToken,
  getAccessToken,
  listSocialProviders,
  // The API description (issue #18)
  openApiDocument,
  apiReference,
  apiReferenceFile,
] as const;

/** The core routes' definitions as a type: what `@latchkey/client` infers its calls from. */
export type CoreEndpoints = typeof coreEndpoints;
