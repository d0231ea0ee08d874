/**
 * @module The admin plugin's catalogue entries (SPEC §8, Admin), worded as better-auth words them.
 */
import { defineErrors } from '../../plugin';

export const ADMIN_ERRORS = defineErrors({
  failedToCreateUser: [500, 'Failed to create user'],
  cannotBanYourself: [400, 'You cannot ban yourself'],
  notAllowedToChangeRole: [403, 'You are not allowed to change users role'],
  notAllowedToCreateUsers: [403, 'You are not allowed to create users'],
  notAllowedToListUsers: [403, 'You are not allowed to list users'],
  notAllowedToListSessions: [403, 'You are not allowed to list users sessions'],
  notAllowedToBanUsers: [403, 'You are not allowed to ban users'],
  notAllowedToImpersonateUsers: [403, 'You are not allowed to impersonate users'],
  notAllowedToRevokeSessions: [403, 'You are not allowed to revoke users sessions'],
  notAllowedToDeleteUsers: [403, 'You are not allowed to delete users'],
  notAllowedToSetPassword: [403, 'You are not allowed to set users password'],
  notAllowedToGetUser: [403, 'You are not allowed to get user'],
  notAllowedToUpdateUsers: [403, 'You are not allowed to update users'],
  // better-auth 1.7's code, which its message does not spell: update-user with `email` or `emailVerified`.
  notAllowedToSetUsersEmail: [
    403,
    'You are not allowed to update users email',
    'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL',
  ],
  // SPEC §8 names this code itself.
  bannedUser: [
    403,
    'You have been banned from this application. Please contact support if you believe this is an error.',
    'BANNED_USER',
  ],
  notImpersonating: [400, 'You are not impersonating anyone'],
  // better-auth 1.7's code, which its message does not spell: a role outside the roles table.
  notAllowedToSetNonExistentRole: [
    400,
    'You are not allowed to set a non-existent role value',
    'YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE',
  ],
  cannotImpersonateAdmins: [403, 'You cannot impersonate admins'],
  // Latchkey's own (reach.ts): acting on another admin without the action's `-admins` permission,
  notAllowedToActOnAdmins: [403, 'You are not allowed to act on admins'],
  // on a user who holds a permission the actor lacks,
  notAllowedToActOnMorePowerfulUsers: [403, 'You are not allowed to act on users with permissions you do not have'],
  // or granting a role with a permission the actor lacks.
  notAllowedToGrantMorePermissions: [403, 'You are not allowed to grant permissions you do not have'],
  // Latchkey's own: an impersonation session may not change how the account signs in (docs/decisions.md, Admin).
  impersonationCannotChangeSignIn: [403, 'An impersonation session cannot change how the account signs in'],
  noDataToUpdate: [400, 'No data to update'],
  // The core entry's code and message, with better-auth's status for this route (sign-up keeps 422).
  userAlreadyExistsUseAnotherEmail: [400, 'User already exists. Use another email.'],
  // Latchkey's own (docs/decisions.md, Admin): set-role, update-user, ban-user or remove-user would leave no admin.
  lastAdmin: [400, 'You cannot demote, ban or remove the last admin'],
  // Added for remove-user (better-auth 1.7 answers it when an admin removes their own account).
  cannotRemoveYourself: [400, 'You cannot remove yourself'],
  // Added for stop-impersonating: better-auth's 500 when the saved admin session cannot be restored.
  failedToFindAdminSession: [500, 'Failed to find admin session'],
});
