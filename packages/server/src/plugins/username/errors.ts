/**
 * @module The username plugin's entries of the error catalogue, with SPEC §8's messages. Codes
 * follow SPEC's rule (the message upper-cased with underscores), as every other entry does.
 *
 * Statuses: better-auth 1.7 answers the rules and a taken username with 400 from sign-up and
 * update-user but with 422 from sign-in/username and is-username-available. One entry has one
 * status here (CONVENTIONS: one catalogue), so they are 400 everywhere: what sign-up, where these
 * errors mostly occur, answers, and a status SPEC §8 lists (422 it does not).
 */
import { defineErrors } from '../../plugin';

export const USERNAME_ERRORS = defineErrors({
  // Unknown username, wrong password and no password alike (better-auth: 401).
  invalidUsernameOrPassword: [401, 'invalid username or password'],
  usernameIsAlreadyTaken: [400, 'username is already taken. please try another.'],
  usernameTooShort: [400, 'username is too short'],
  usernameTooLong: [400, 'username is too long'],
  usernameIsInvalid: [400, 'username is invalid'],
});
