/**
 * @module The passkey plugin's entries of the error catalogue, with `@better-auth/passkey` 1.7's
 * messages (and so its codes). One entry has one status; where better-auth answers one message with
 * two statuses, each has its entry, named for where it is answered: PASSKEY_NOT_FOUND is 404 for
 * rename and delete, and 401 for a sign-in with a credential the server does not know;
 * AUTHENTICATION_FAILED is 401 for a forged signature and 400 for an assertion refused outright.
 */
import { defineErrors } from '../../plugin';

export const PASSKEY_ERRORS = defineErrors({
  // No challenge cookie, an unknown, expired or already used challenge, or the other ceremony's.
  challengeNotFound: [400, 'Challenge not found'],
  youAreNotAllowedToRegisterThisPasskey: [401, 'You are not allowed to register this passkey'],
  failedToVerifyRegistration: [400, 'Failed to verify registration'],
  passkeyNotFound: [404, 'Passkey not found'],
  // A sign-in with an unknown credential: 401, as better-auth's verify-authentication answers it.
  unknownSignInPasskey: [401, 'Passkey not found'],
  // An assertion the WebAuthn library refuses outright (another origin or relying party, a counter
  // not above the stored one): 400, better-auth's answer for what its verification throws.
  authenticationFailed: [400, 'Authentication failed'],
  // An assertion whose signature does not verify against the stored key (a forgery): 401, as
  // better-auth answers an assertion that was checked and found unverified.
  signatureNotVerified: [401, 'Authentication failed'],
  previouslyRegistered: [400, 'Previously registered'],
  // Latchkey's own: the admin routes on another user's passkeys (the host's mayManageUserPasskeys),
  notAllowedToListUserPasskeys: [403, 'You are not allowed to list users passkeys'],
  notAllowedToRemoveUserPasskeys: [403, 'You are not allowed to remove users passkeys'],
  // and its reach rule (mayRemovePasskeysOf): an admin's, or a mightier user's, passkey.
  notAllowedToRemoveThisUsersPasskeys: [403, "You are not allowed to remove this user's passkeys"],
});
