/**
 * @module The error catalogue: every failure Latchkey answers is one entry here, with the status
 * and message SPEC §8 gives it. Throw sites name an entry, never a status or a string, so one
 * message can never be answered with two statuses.
 */

export interface ErrorEntry<C extends string = string> {
  readonly status: number;
  readonly code: C;
  readonly message: string;
}

/** `Invalid email or password` → `INVALID_EMAIL_OR_PASSWORD`, as SPEC §8 derives codes. */
export function codeFromMessage<M extends string>(message: M): CodeFromMessage<M> {
  return message
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '') as CodeFromMessage<M>;
}

type Characters<S extends string> = S extends `${infer C}${infer Rest}` ? C | Characters<Rest> : never;
type Alphanumeric = Characters<'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'>;

/**
 * `codeFromMessage` as a type, so that a catalogue's codes are literal types without being written
 * twice: a run of other characters becomes one `_` before the next letter or digit, which drops
 * the leading and trailing runs as the function's second replace does.
 */
export type CodeFromMessage<M extends string> = string extends M ? string : Squash<Uppercase<M>, '', false>;
type Squash<S extends string, Out extends string, Gap extends boolean> = S extends `${infer C}${infer Rest}`
  ? C extends Alphanumeric
    ? Squash<Rest, `${Out}${Gap extends true ? '_' : ''}${C}`, false>
    : Squash<Rest, Out, Out extends '' ? false : true>
  : Out;

/** `[status, message]`, or `[status, message, code]` where the code is not the message's. */
export type ErrorDeclaration = readonly [number, string] | readonly [number, string, string];
type DeclaredCode<D> = D extends readonly [number, string, infer C extends string]
  ? C
  : D extends readonly [number, infer M extends string]
    ? CodeFromMessage<M>
    : never;

/** A catalogue: entries by the name throw sites use. */
export type ErrorCatalogue<C extends string = string> = { readonly [name: string]: ErrorEntry<C> };
/** The codes a catalogue answers, as a union of literals. */
export type CodesOf<T extends ErrorCatalogue> = T[keyof T]['code'];

/** Plugins declare their own entries with the same helper, so codes follow one rule everywhere. */
export function defineErrors<const T extends Record<string, ErrorDeclaration>>(
  table: T,
): { readonly [K in keyof T]: ErrorEntry<DeclaredCode<T[K]>> } {
  const out: Record<string, ErrorEntry> = {};
  for (const [name, [status, message, code = codeFromMessage(message)]] of Object.entries(table)) {
    out[name] = Object.freeze({ status, code, message });
  }
  return Object.freeze(out) as { readonly [K in keyof T]: ErrorEntry<DeclaredCode<T[K]>> };
}

export const ERRORS = defineErrors({
  // Request shape
  invalidBody: [400, 'Invalid body parameters', 'VALIDATION_ERROR'],
  invalidQuery: [400, 'Invalid query parameters', 'VALIDATION_ERROR'],
  notFound: [404, 'Not found'],
  payloadTooLarge: [413, 'Request body is too large'],
  unsupportedMediaType: [415, 'Content-Type must be application/json'],
  unsupportedMediaTypeOrForm: [415, 'Content-Type must be application/json or application/x-www-form-urlencoded'],
  tooManyRequests: [429, 'Too many requests. Please try again later.', 'TOO_MANY_REQUESTS'],
  internal: [500, 'Internal server error'],
  // Latchkey's own: the database cannot be reached (db/unavailable.ts); nothing was done, so retry.
  serviceUnavailable: [503, 'Service temporarily unavailable. Please try again later.', 'SERVICE_UNAVAILABLE'],
  // Origin and redirect guards (SPEC §5)
  missingOrigin: [403, 'Missing or null Origin'],
  invalidOrigin: [403, 'Invalid origin'],
  // better-auth 1.7's code, not one derived from the message: its clients look for this one.
  crossSiteNavigationLoginBlocked: [
    403,
    'Cross-site navigation login blocked. This request appears to be a CSRF attack.',
    'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED',
  ],
  invalidCallbackURL: [403, 'Invalid callbackURL'],
  invalidRedirectURL: [403, 'Invalid redirectURL'],
  invalidErrorCallbackURL: [403, 'Invalid errorCallbackURL'],
  invalidNewUserCallbackURL: [403, 'Invalid newUserCallbackURL'],
  // Sessions (SPEC §6)
  unauthorized: [401, 'Unauthorized'],
  sessionNotFresh: [403, 'Session is not fresh'],
  failedToCreateSession: [500, 'Failed to create session'],
  // Credentials (SPEC §8, base)
  invalidEmail: [400, 'Invalid email'],
  invalidEmailOrPassword: [401, 'Invalid email or password'],
  passwordTooShort: [400, 'Password too short'],
  passwordTooLong: [400, 'Password too long'],
  // better-auth answers a taken e-mail with this entry and 422 (DESIGN.md, wire compatibility).
  userAlreadyExistsUseAnotherEmail: [422, 'User already exists. Use another email.'],
  emailAndPasswordNotEnabled: [400, 'Email and password is not enabled'],
  invalidPassword: [400, 'Invalid password'],
  userNotFound: [404, 'User not found'],
  emailNotVerified: [403, 'Email not verified'],
  credentialAccountNotFound: [400, 'Credential account not found'],
  userAlreadyHasPassword: [400, 'user already has a password'],
  // One-time tokens (verification, reset, delete-account)
  invalidToken: [400, 'invalid token'],
  // The same message where better-auth 1.7 answers a bad link token with another status: a
  // verification link 401, a delete-account link 404 (issue #12, item 11).
  invalidVerificationToken: [401, 'invalid token'],
  unknownDeleteAccountToken: [404, 'invalid token'],
  tokenExpired: [400, 'Token expired'],
  verificationEmailNotEnabled: [400, "Verification email isn't enabled"],
  resetPasswordNotEnabled: [400, "Reset password isn't enabled"],
  // Account changes (SPEC §5)
  changeEmailDisabled: [400, 'Change email is disabled'],
  // better-auth 1.7's answers where SPEC §8 is silent (issue #12, items 10 and 12).
  emailCanNotBeUpdated: [400, 'Email can not be updated'],
  emailMismatch: [400, 'Email mismatch'],
  emailAlreadyVerified: [400, 'Email is already verified', 'EMAIL_ALREADY_VERIFIED'],
  emailIsTheSame: [400, 'Email is the same'],
  couldNotUpdateEmail: [400, "Couldn't update your email"],
  sessionExpired: [400, 'Session expired. Re-authenticate to perform this action.'],
  cannotUnlinkLastAccount: [400, "You can't unlink your last account"],
  accountNotFound: [400, 'Account not found'],
  // Social sign-in (SPEC §5, §8; statuses and codes better-auth 1.7's where SPEC is silent)
  unableToCreateVerification: [500, 'Unable to create verification'],
  providerNotFound: [404, 'Provider not found'],
  idTokenNotSupported: [404, 'id_token not supported'],
  invalidIdToken: [401, 'invalid token'],
  failedToGetUserInfo: [401, 'Failed to get user info'],
  userEmailNotFound: [401, 'User email not found'],
  // An id_token sign-in refused by the linking rules: better-auth answers the callback's reason as
  // the message, under one code.
  oauthAccountNotLinked: [401, 'account not linked', 'OAUTH_LINK_ERROR'],
  oauthSignupDisabled: [401, 'signup disabled', 'OAUTH_LINK_ERROR'],
  oauthUnableToCreateUser: [401, 'unable to create user', 'OAUTH_LINK_ERROR'],
  oauthUnableToLinkAccount: [401, 'unable to link account', 'OAUTH_LINK_ERROR'],
  // Provider tokens (POST /refresh-token, /get-access-token)
  userIdOrSessionRequired: [400, 'Either userId or session is required', 'USER_ID_OR_SESSION_REQUIRED'],
  providerNotSupported: [400, 'Provider is not supported.', 'PROVIDER_NOT_SUPPORTED'],
  tokenRefreshNotSupported: [400, 'Provider does not support token refreshing.', 'TOKEN_REFRESH_NOT_SUPPORTED'],
  refreshTokenNotFound: [400, 'Refresh token not found'],
  failedToRefreshAccessToken: [400, 'Failed to refresh access token'],
  failedToGetAccessToken: [400, 'Failed to get a valid access token', 'FAILED_TO_GET_ACCESS_TOKEN'],
});

/** Every code the core answers; an auth's codes add its plugins' (`AuthErrorCode`, auth/auth-types.ts). */
export type CoreErrorCode = CodesOf<typeof ERRORS>;

/** The codes of several catalogues, each once: what an auth answers (`Auth.errorCodes`). */
export function codesOf(catalogues: readonly ErrorCatalogue[]): readonly string[] {
  return Object.freeze([...new Set(catalogues.flatMap((catalogue) => Object.values(catalogue).map((e) => e.code)))]);
}

export interface ErrorDetail {
  readonly path: string;
  readonly message: string;
}

/** The one error class: it knows its catalogue entry and how to become a Response. */
export class AuthError extends Error {
  readonly entry: ErrorEntry;
  readonly details: readonly ErrorDetail[] | undefined;
  readonly headers: Readonly<Record<string, string>> | undefined;

  constructor(
    entry: ErrorEntry,
    extra?: { details?: readonly ErrorDetail[]; headers?: Record<string, string>; cause?: unknown },
  ) {
    super(entry.message, extra?.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'AuthError';
    this.entry = entry;
    this.details = extra?.details;
    this.headers = extra?.headers;
  }

  get status(): number {
    return this.entry.status;
  }

  get code(): string {
    return this.entry.code;
  }

  toJSON(): { code: string; message: string; details?: readonly ErrorDetail[] } {
    const body = { code: this.entry.code, message: this.entry.message };
    return this.details ? { ...body, details: this.details } : body;
  }

  toResponse(): Response {
    return new Response(JSON.stringify(this.toJSON()), {
      status: this.entry.status,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...this.headers },
    });
  }
}
