import { describe, expect, expectTypeOf, it } from 'vitest';
import { AuthError, codeFromMessage, defineErrors, ERRORS } from './errors';

describe('codeFromMessage', () => {
  it.each([
    ['Invalid email or password', 'INVALID_EMAIL_OR_PASSWORD'],
    ['User already exists. Use another email.', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'],
    ['Invalid callbackURL', 'INVALID_CALLBACKURL'],
    [
      'Session expired. Re-authenticate to perform this action.',
      'SESSION_EXPIRED_RE_AUTHENTICATE_TO_PERFORM_THIS_ACTION',
    ],
    ["You can't unlink your last account", 'YOU_CAN_T_UNLINK_YOUR_LAST_ACCOUNT'],
    ['Missing or null Origin', 'MISSING_OR_NULL_ORIGIN'],
    ['  spaced   out  ', 'SPACED_OUT'],
    ['a_b__c 2fa', 'A_B_C_2FA'],
  ])('turns %j into %s', (message, code) => {
    expect(codeFromMessage(message)).toBe(code);
  });

  it('gives the same codes as literal types, so a catalogue names its codes without spelling them', () => {
    expectTypeOf(codeFromMessage('Invalid email or password')).toEqualTypeOf<'INVALID_EMAIL_OR_PASSWORD'>();
    expectTypeOf(
      codeFromMessage('User already exists. Use another email.'),
    ).toEqualTypeOf<'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'>();
    expectTypeOf(codeFromMessage('Invalid callbackURL')).toEqualTypeOf<'INVALID_CALLBACKURL'>();
    expectTypeOf(
      codeFromMessage('Session expired. Re-authenticate to perform this action.'),
    ).toEqualTypeOf<'SESSION_EXPIRED_RE_AUTHENTICATE_TO_PERFORM_THIS_ACTION'>();
    expectTypeOf(
      codeFromMessage("You can't unlink your last account"),
    ).toEqualTypeOf<'YOU_CAN_T_UNLINK_YOUR_LAST_ACCOUNT'>();
    expectTypeOf(codeFromMessage('Missing or null Origin')).toEqualTypeOf<'MISSING_OR_NULL_ORIGIN'>();
    expectTypeOf(codeFromMessage('  spaced   out  ')).toEqualTypeOf<'SPACED_OUT'>();
    expectTypeOf(codeFromMessage('a_b__c 2fa')).toEqualTypeOf<'A_B_C_2FA'>();
    // A message known only as a string has a code known only as a string.
    expectTypeOf(codeFromMessage(String('Not found'))).toEqualTypeOf<string>();
  });
});

describe('ERRORS', () => {
  // The only entries whose code is given rather than derived: SPEC §5 makes both validation
  // failures VALIDATION_ERROR, and better-auth's clients look for TOO_MANY_REQUESTS and
  // CROSS_SITE_NAVIGATION_LOGIN_BLOCKED.
  const explicitCodes: Record<string, string> = {
    invalidBody: 'VALIDATION_ERROR',
    invalidQuery: 'VALIDATION_ERROR',
    tooManyRequests: 'TOO_MANY_REQUESTS',
    serviceUnavailable: 'SERVICE_UNAVAILABLE',
    crossSiteNavigationLoginBlocked: 'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED',
    emailAlreadyVerified: 'EMAIL_ALREADY_VERIFIED',
    // better-auth 1.7's codes for an id_token sign-in the linking rules refuse, and for provider tokens.
    oauthAccountNotLinked: 'OAUTH_LINK_ERROR',
    oauthSignupDisabled: 'OAUTH_LINK_ERROR',
    oauthUnableToCreateUser: 'OAUTH_LINK_ERROR',
    oauthUnableToLinkAccount: 'OAUTH_LINK_ERROR',
    userIdOrSessionRequired: 'USER_ID_OR_SESSION_REQUIRED',
    providerNotSupported: 'PROVIDER_NOT_SUPPORTED',
    tokenRefreshNotSupported: 'TOKEN_REFRESH_NOT_SUPPORTED',
    failedToGetAccessToken: 'FAILED_TO_GET_ACCESS_TOKEN',
  };
  // better-auth 1.7 answers a bad link token with another status on these routes (issue #12):
  // the same message and code, one entry per status, each named for where it is answered.
  // An id_token that does not verify is answered 401 like a verification link's token (issue #13).
  const statusVariants = new Set(['invalidVerificationToken', 'unknownDeleteAccountToken', 'invalidIdToken']);

  it('derives every code from its message unless the entry gives one explicitly', () => {
    for (const [name, entry] of Object.entries(ERRORS)) {
      expect(entry.code, name).toBe(explicitCodes[name] ?? codeFromMessage(entry.message));
    }
  });

  it('has one entry per message, so a message is never answered with two statuses', () => {
    const messages = Object.entries(ERRORS)
      .filter(([name]) => !statusVariants.has(name))
      .map(([, entry]) => entry.message);
    expect(new Set(messages).size).toBe(messages.length);
  });

  it('gives the statuses the spec and better-auth give', () => {
    expect(ERRORS.invalidBody).toEqual({ status: 400, code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
    expect(ERRORS.invalidQuery).toEqual({ status: 400, code: 'VALIDATION_ERROR', message: 'Invalid query parameters' });
    expect(ERRORS.notFound.status).toBe(404);
    expect(ERRORS.tooManyRequests).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
    expect(ERRORS.internal).toMatchObject({ status: 500, code: 'INTERNAL_SERVER_ERROR' });
    expect(ERRORS.missingOrigin).toMatchObject({ status: 403, code: 'MISSING_OR_NULL_ORIGIN' });
    expect(ERRORS.invalidOrigin).toMatchObject({ status: 403, code: 'INVALID_ORIGIN' });
    expect(ERRORS.invalidCallbackURL).toEqual({
      status: 403,
      code: 'INVALID_CALLBACKURL',
      message: 'Invalid callbackURL',
    });
    expect(ERRORS.invalidEmailOrPassword).toMatchObject({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' });
    expect(ERRORS.userAlreadyExistsUseAnotherEmail).toMatchObject({
      status: 422,
      code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
    });
    expect(ERRORS.sessionNotFresh.status).toBe(403);
  });

  it('is frozen, entries included', () => {
    expect(Object.isFrozen(ERRORS)).toBe(true);
    for (const entry of Object.values(ERRORS)) expect(Object.isFrozen(entry)).toBe(true);
  });
});

describe('defineErrors', () => {
  it('derives codes for plugin entries by the same rule and keeps an explicit one', () => {
    const errors = defineErrors({
      banned: [403, 'You have been banned from this application.', 'BANNED_USER'],
      slugTaken: [400, 'slug is taken'],
    });
    expect(errors.banned).toEqual({
      status: 403,
      code: 'BANNED_USER',
      message: 'You have been banned from this application.',
    });
    expect(errors.slugTaken).toEqual({ status: 400, code: 'SLUG_IS_TAKEN', message: 'slug is taken' });
    expect(Object.isFrozen(errors)).toBe(true);
  });
});

describe('AuthError', () => {
  it('carries its entry, status, code and message', () => {
    const error = new AuthError(ERRORS.invalidEmailOrPassword);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('AuthError');
    expect(error.message).toBe('Invalid email or password');
    expect(error.status).toBe(401);
    expect(error.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect(error.entry).toBe(ERRORS.invalidEmailOrPassword);
  });

  it('serialises to exactly {code, message}, plus details when given', () => {
    expect(new AuthError(ERRORS.unauthorized).toJSON()).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
    expect(JSON.parse(JSON.stringify(new AuthError(ERRORS.unauthorized)))).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Unauthorized',
    });
    const details = [{ path: 'email', message: 'Required' }];
    expect(new AuthError(ERRORS.invalidBody, { details }).toJSON()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Invalid body parameters',
      details,
    });
  });

  it('keeps its cause for the log but never puts it in the response', async () => {
    const cause = new Error('database password is hunter2');
    const error = new AuthError(ERRORS.internal, { cause });
    expect(error.cause).toBe(cause);
    const text = await error.toResponse().text();
    expect(text).not.toContain('hunter2');
    expect(JSON.parse(text)).toEqual({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' });
  });

  it('becomes a JSON response with its status, no caching, and any extra headers', async () => {
    const response = new AuthError(ERRORS.tooManyRequests, { headers: { 'X-Retry-After': '7' } }).toResponse();
    expect(response.status).toBe(429);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-retry-after')).toBe('7');
    expect(await response.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many requests. Please try again later.',
    });
  });
});
