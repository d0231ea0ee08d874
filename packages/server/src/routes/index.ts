/**
 * @module The core endpoints, in one list the router and the typed api are built from.
 */
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
] as const;
