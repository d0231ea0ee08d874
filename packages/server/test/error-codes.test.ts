/**
 * Error codes as a closed union: `auth.errorCodes` lists what an auth answers, the core's codes
 * and those of the plugins it runs, and its type is the union a client gives `error.code`. The
 * type checks run under `tsc -p .` (each `@ts-expect-error` fails the build if its line compiles).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  adminPlugin,
  createAuth,
  definePlugin,
  defineErrors,
  ERRORS,
  organizationPlugin,
  usernamePlugin,
  type Auth,
  type AuthErrorCode,
  type CoreErrorCode,
  type Plugin,
} from '../src';

function authWith<const P extends readonly Plugin[]>(plugins: P) {
  return createAuth({
    baseURL: 'http://localhost:3000',
    secret: 'error-codes-test-secret-error-codes-test-secret',
    database: { url: 'sqlite::memory:' },
    plugins,
    logger: { info() {}, warn() {}, error() {} },
  });
}

type AdminOnly = [ReturnType<typeof adminPlugin>];

describe('error codes', () => {
  it("are the core's, with each installed plugin's added, each once", async () => {
    const bare = authWith([]);
    const full = authWith([usernamePlugin(), adminPlugin(), organizationPlugin()]);
    expect(bare.errorCodes).toContain('INVALID_EMAIL_OR_PASSWORD');
    expect(bare.errorCodes).not.toContain('BANNED_USER');
    expect(bare.errorCodes).toEqual([...new Set(Object.values(ERRORS).map((entry) => entry.code))]);
    expect(full.errorCodes).toEqual(expect.arrayContaining(['BANNED_USER', 'ROLE_NOT_FOUND', 'USERNAME_IS_INVALID']));
    expect(new Set(full.errorCodes).size).toBe(full.errorCodes.length);
    expect(Object.isFrozen(full.errorCodes)).toBe(true);
    await Promise.all([bare.close(), full.close()]);
  });

  it('type each code as a literal, derived from its message unless given', () => {
    expectTypeOf(ERRORS.invalidEmailOrPassword.code).toEqualTypeOf<'INVALID_EMAIL_OR_PASSWORD'>();
    expectTypeOf(ERRORS.cannotUnlinkLastAccount.code).toEqualTypeOf<'YOU_CAN_T_UNLINK_YOUR_LAST_ACCOUNT'>();
    expectTypeOf(ERRORS.invalidCallbackURL.code).toEqualTypeOf<'INVALID_CALLBACKURL'>();
    expectTypeOf(ERRORS.invalidBody.code).toEqualTypeOf<'VALIDATION_ERROR'>();
    expectTypeOf<'SESSION_EXPIRED_RE_AUTHENTICATE_TO_PERFORM_THIS_ACTION'>().toExtend<CoreErrorCode>();
    // @ts-expect-error: a misspelt code is not one of the core's
    const typo: CoreErrorCode = 'INVALID_EMAIL_OR_PASWORD';
    expect(typo).toBeDefined();
  });

  it("hold a plugin's codes only when the plugin is installed", () => {
    expectTypeOf<'BANNED_USER'>().toExtend<AuthErrorCode<AdminOnly>>();
    expectTypeOf<'BANNED_USER'>().not.toExtend<AuthErrorCode<[]>>();
    expectTypeOf<'ROLE_NOT_FOUND'>().not.toExtend<AuthErrorCode<AdminOnly>>();
    expectTypeOf<Auth<[]>['errorCodes']>().toEqualTypeOf<readonly CoreErrorCode[]>();
    type OrganizationCodes = Auth<[ReturnType<typeof organizationPlugin>]>['errorCodes'][number];
    expectTypeOf<'ROLE_NOT_FOUND'>().toExtend<OrganizationCodes>();
    expectTypeOf<'BANNED_USER'>().not.toExtend<OrganizationCodes>();
    const nicknames = definePlugin({
      id: 'nicknames',
      errors: defineErrors({ nicknameTaken: [400, 'Nickname is taken'] }),
    });
    expect(Object.values(nicknames.errors ?? {}).map((entry) => entry.code)).toEqual(['NICKNAME_IS_TAKEN']);
    expectTypeOf<AuthErrorCode<[typeof nicknames]>>().toEqualTypeOf<CoreErrorCode | 'NICKNAME_IS_TAKEN'>();
    // A plugin typed only as `Plugin` may answer anything: the union opens to `string`.
    expectTypeOf<AuthErrorCode<[Plugin]>>().toEqualTypeOf<string>();
  });
});
