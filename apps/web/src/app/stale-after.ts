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
  '/sign-in/email': session,
  '/sign-in/username': session,
  '/sign-in/social': session,
  '/sign-up/email': session,
  '/sign-out': session,
  '/update-user': session,
  '/delete-user': session,
  '/verify-email': session,
  '/change-email': session,
  '/reset-password': session,
  '/change-password': [sessionKey, accountKeys.all],
  '/revoke-session': [sessionKey, accountKeys.all],
  '/revoke-sessions': [sessionKey, accountKeys.all],
  '/revoke-other-sessions': [sessionKey, accountKeys.all],
  '/unlink-account': [accountKeys.all],

  '/organization/create': [sessionKey, organizations],
  '/organization/update': [organizations, organization],
  '/organization/delete': [sessionKey, organizations],
  '/organization/leave': [sessionKey, organizations],
  '/organization/set-active': [sessionKey],
  '/organization/set-active-team': [sessionKey],
  '/organization/accept-invitation': [sessionKey, organizations, organization, organizationKeys.userInvitations()],
  '/organization/reject-invitation': [organization, organizationKeys.userInvitations()],
  '/organization/invite-member': [organization],
  '/organization/cancel-invitation': [organization],
  '/organization/add-member': [organization],
  '/organization/remove-member': [organization],
  '/organization/update-member-role': [organization],
  '/organization/create-team': [organization],
  '/organization/update-team': [organization],
  '/organization/remove-team': [organization],

  '/admin/create-user': [adminKeys.all],
  '/admin/update-user': [adminKeys.all],
  '/admin/set-role': [adminKeys.all],
  '/admin/set-user-password': [adminKeys.all],
  '/admin/ban-user': [adminKeys.all],
  '/admin/unban-user': [adminKeys.all],
  '/admin/revoke-user-session': [adminKeys.all],
  '/admin/revoke-user-sessions': [adminKeys.all],
  '/admin/remove-user': [adminKeys.userLists],
  '/admin/impersonate-user': [sessionKey],
  '/admin/stop-impersonating': [sessionKey],
};
