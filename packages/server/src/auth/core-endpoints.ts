/**
 * @module The core endpoints, in one list the router and the typed api are built from.
 */
import { sendVerificationEmail } from '../email-verification/send-verification-email';
import { verifyEmail } from '../email-verification/verify-email';
import { changeEmail } from '../account/change-email';
import { forgetPassword, requestPasswordReset } from '../password-reset/forget-password';
import { resetPasswordCallback } from '../password-reset/reset-password-link';
import { resetPassword } from '../password-reset/reset-password';
import { changePassword } from '../account/change-password';
import { setPassword } from '../account/set-password';
import { deleteUser } from '../account/delete-user';
import { deleteUserCallback } from '../account/delete-user-callback';
import { listAccounts } from '../account/list-accounts';
import { listSocialProviders } from '../oauth/list-social-providers';
import { unlinkAccount } from '../account/unlink-account';
import { errorPage } from '../error-page/error-page';
import { getSession } from '../session/get-session';
import { listSessions } from '../session/list-sessions';
import { ok } from '../health/ok';
import { revokeOtherSessions } from '../session/revoke-other-sessions';
import { revokeSession } from '../session/revoke-session';
import { revokeSessions } from '../session/revoke-sessions';
import { signInEmail } from '../sign-in/sign-in-email';
import { signOut } from '../session/sign-out';
import { signUpEmail } from '../sign-up/sign-up-email';
import { updateUser } from '../account/update-user';
import { signInSocial } from '../oauth/sign-in-social';
import { callbackOAuth, callbackOAuthFormPost } from '../oauth/oauth-callback';
import { linkSocial } from '../oauth/link-social';
import { refreshToken } from '../oauth/refresh-token';
import { getAccessToken } from '../oauth/get-access-token';
import { openApiDocument } from '../openapi/openapi-route';
import { apiReference } from '../openapi/api-reference';
import { apiReferenceFile } from '../openapi/api-reference-file';

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
