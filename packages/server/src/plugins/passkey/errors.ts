/**
 * @module The passkey plugin's entries of the error catalogue, with `@better-auth/passkey` 1.7's
 * messages (and so its codes). One entry has one status here: PASSKEY_NOT_FOUND is better-auth's
 * 404 of rename and delete; its sign-in answers the same code with 401, which `signIn.passkey`
 * treats alike (any error fails the sign-in).
 */
import { defineErrors } from '../../plugin-api';

export const PASSKEY_ERRORS = defineErrors({
  // No challenge cookie, an unknown, expired or already used challenge, or the other ceremony's.
  challengeNotFound: [400, 'Challenge not found'],
  youAreNotAllowedToRegisterThisPasskey: [401, 'You are not allowed to register this passkey'],
  failedToVerifyRegistration: [400, 'Failed to verify registration'],
  passkeyNotFound: [404, 'Passkey not found'],
  authenticationFailed: [400, 'Authentication failed'],
  previouslyRegistered: [400, 'Previously registered'],
});
