/**
 * @module Which cached answers each successful call makes stale: the one table the app's cache
 * follows (`lib/sync-query-cache.ts`), so a change made on one screen shows on every other without
 * the screen that made it knowing who shows what. It keeps SPEC §4's client refresh rules (the
 * session after sign-in, sign-up, sign-out, update-user, delete-user, verify-email and set-active;
 * the organization list after create, update and delete) and adds what those rules leave out but
 * the app shows: a session the server ends or moves (revocations, password changes, impersonation,
 * an organization made active by create, accept or left by leave and delete), and each feature's
 * own lists. Reads are never listed: a read that invalidated its own answer would loop.
 *
 * Deliberately left out: an answered invitation's own page (the server no longer serves it, and a
 * reload would replace what the page shows by an error), and the removed user's or the left or
 * deleted organization's queries, which the screen removes before navigating away.
 */
import type { QueryKey } from '@tanstack/react-query';
import { accountKeys } from '../features/account/api/account-keys';
import { adminKeys } from '../features/admin/api/admin-keys';
import { organizationKeys } from '../features/organization/api/organization-keys';
import { sessionKey } from '../lib/auth';
import type { StaleAfter } from '../lib/sync-query-cache';

const session: readonly QueryKey[] = [sessionKey];
const organizations = organizationKeys.list();
const organization = organizationKeys.all();

export const STALE_AFTER: StaleAfter = {
  signInEmail: session,
  signInUsername: session,
  signInSocial: session,
  signUpEmail: session,
  signOut: session,
  updateUser: session,
  deleteUser: session,
  verifyEmail: session,
  changeEmail: session,
  resetPassword: session,
  changePassword: [sessionKey, accountKeys.all],
  revokeSession: [sessionKey, accountKeys.all],
  revokeSessions: [sessionKey, accountKeys.all],
  revokeOtherSessions: [sessionKey, accountKeys.all],
  unlinkAccount: [accountKeys.all],
  // Two-factor: on and off show in the session's user; a held sign-in finished makes the session.
  enableTwoFactor: [sessionKey],
  verifyTOTP: [sessionKey, accountKeys.all],
  disableTwoFactor: [sessionKey, accountKeys.all],
  verifyBackupCode: [sessionKey],
  verifyTwoFactorOTP: [sessionKey],
  forgetTrustedDevice: [accountKeys.all],
  // A consent revoked: the connected applications' list.
  deleteOAuthConsent: [accountKeys.all],
  // A user's two-factor turned off by an admin: the user's page shows it.
  resetUserTwoFactor: [adminKeys.all],

  createOrganization: [sessionKey, organizations],
  updateOrganization: [organizations, organization],
  deleteOrganization: [sessionKey, organizations],
  leaveOrganization: [sessionKey, organizations],
  setActiveOrganization: [sessionKey],
  setActiveTeam: [sessionKey],
  acceptInvitation: [sessionKey, organizations, organization, organizationKeys.userInvitations()],
  rejectInvitation: [organization, organizationKeys.userInvitations()],
  createInvitation: [organization],
  cancelInvitation: [organization],
  addMember: [organization],
  removeMember: [organization],
  updateMemberRole: [organization],
  createTeam: [organization],
  updateTeam: [organization],
  removeTeam: [organization],
  addTeamMember: [organization],
  removeTeamMember: [organization],
  // An organization's applications (its Applications section); a user's own clients are not shown.
  createOAuthClient: [organization],
  deleteOAuthClient: [organization],

  createUser: [adminKeys.all],
  adminUpdateUser: [adminKeys.all],
  setRole: [adminKeys.all],
  setUserPassword: [adminKeys.all],
  banUser: [adminKeys.all],
  unbanUser: [adminKeys.all],
  revokeUserSession: [adminKeys.all],
  revokeUserSessions: [adminKeys.all],
  adminRemoveUserPasskey: [adminKeys.all],
  removeUser: [adminKeys.userLists],
  // Applications (OAuth clients): a deleted one's own queries are dropped by its screen.
  adminCreateOAuthClient: [adminKeys.all],
  adminUpdateOAuthClient: [adminKeys.all],
  adminRotateOAuthClientSecret: [adminKeys.all],
  adminDeleteOAuthClient: [adminKeys.oauthClientLists],
  adminRevokeOAuthClientConsent: [adminKeys.all],
  adminRevokeOAuthClientTokens: [adminKeys.all],
  impersonateUser: [sessionKey],
  stopImpersonating: [sessionKey],

  // Passkeys: the account's list and its activity; a passkey sign-in makes the session.
  verifyPasskeyRegistration: [accountKeys.all],
  updatePasskey: [accountKeys.all],
  deletePasskey: [accountKeys.all],
  verifyPasskeyAuthentication: [sessionKey],
};
