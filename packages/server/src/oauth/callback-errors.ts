/**
 * @module The `error` values the OAuth callback redirects with (SPEC §8), written exactly as SPEC
 * lists them: a few contain spaces (`account not linked`, `signup disabled`…), which the query
 * string encodes (`account+not+linked`); better-auth sends those with underscores instead.
 * `email_not_verified` is better-auth's, for the e-mail verification requirement SPEC §8 gives
 * password sign-in (403, a mail is sent).
 */
import { ERRORS, type ErrorEntry } from '../endpoint/errors';

export const CALLBACK_ERRORS = Object.freeze({
  invalidCallbackRequest: 'invalid_callback_request',
  stateNotFound: 'state_not_found',
  restartTheProcess: 'please_restart_the_process',
  noCode: 'no_code',
  providerNotFound: 'oauth_provider_not_found',
  invalidCode: 'invalid_code',
  unableToGetUserInfo: 'unable_to_get_user_info',
  emailNotFound: 'email_not_found',
  accountLinkedToDifferentUser: 'account_already_linked_to_different_user',
  unableToLinkAccount: 'unable_to_link_account',
  accountNotLinked: 'account not linked',
  signupDisabled: 'signup disabled',
  unableToCreateUser: 'unable to create user',
  unableToCreateSession: 'unable to create session',
  emailNotVerified: 'email_not_verified',
} as const);

export type CallbackError = (typeof CALLBACK_ERRORS)[keyof typeof CALLBACK_ERRORS];

/** What went wrong, or what came out. */
export type Outcome<T, E extends CallbackError = CallbackError> = { ok: true; value: T } | { ok: false; error: E };

export const succeed = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const fail = <E extends CallbackError>(error: E): { ok: false; error: E } => ({ ok: false, error });

/** The refusals of the sign-in decision itself, which an id_token sign-in answers as JSON. */
export type SignInRefusal =
  | typeof CALLBACK_ERRORS.emailNotFound
  | typeof CALLBACK_ERRORS.accountNotLinked
  | typeof CALLBACK_ERRORS.signupDisabled
  | typeof CALLBACK_ERRORS.unableToCreateUser
  | typeof CALLBACK_ERRORS.unableToLinkAccount
  | typeof CALLBACK_ERRORS.emailNotVerified
  | typeof CALLBACK_ERRORS.unableToCreateSession;

const AS_API_ERROR: Readonly<Record<SignInRefusal, ErrorEntry>> = {
  email_not_found: ERRORS.userEmailNotFound,
  'account not linked': ERRORS.oauthAccountNotLinked,
  'signup disabled': ERRORS.oauthSignupDisabled,
  'unable to create user': ERRORS.oauthUnableToCreateUser,
  unable_to_link_account: ERRORS.oauthUnableToLinkAccount,
  email_not_verified: ERRORS.emailNotVerified,
  'unable to create session': ERRORS.failedToCreateSession,
};

export function apiErrorOf(error: SignInRefusal): ErrorEntry {
  return AS_API_ERROR[error];
}
