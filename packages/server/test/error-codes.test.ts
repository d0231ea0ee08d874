/**
 * Error codes as a closed union: `auth.errorCodes` lists what an auth answers, the core's codes
 * and those of the plugins it runs, and its type is the union a client gives `error.code`. The
 * type checks run under `tsc -p .` (each `@ts-expect-error` fails the build if its line compiles).
 * Each bundled plugin's codes are checked in its folder (test/<plugin>/contract.test.ts).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  definePlugin,
  defineErrors,
  ERRORS,
  type Auth,
  type AuthErrorCode,
  type CoreErrorCode,
  type Plugin,
} from '../src';
import { memoryAuth } from './support/memory-auth';
import { profilePlugin } from './support/profile-plugin';

/** Shares `You are blocked` with the profile plugin: an auth lists that code once. */
const nicknames = definePlugin({
  id: 'nicknames',
  errors: defineErrors({ nicknameTaken: [400, 'Nickname is taken'], blocked: [403, 'You are blocked'] }),
});

type ProfileOnly = [typeof profilePlugin];

describe('error codes', () => {
  it("are the core's, with each installed plugin's added, each once", async () => {
    const bare = memoryAuth([]);
    const full = memoryAuth([profilePlugin, nicknames]);
    expect(bare.errorCodes).toContain('INVALID_EMAIL_OR_PASSWORD');
    expect(bare.errorCodes).not.toContain('YOU_ARE_BLOCKED');
    expect(bare.errorCodes).toEqual([...new Set(Object.values(ERRORS).map((entry) => entry.code))]);
    expect(full.errorCodes).toEqual(
      expect.arrayContaining(['NICKNAME_IS_TOO_SHORT', 'YOU_ARE_BLOCKED', 'NICKNAME_IS_TAKEN']),
    );
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
    expectTypeOf<'YOU_ARE_BLOCKED'>().toExtend<AuthErrorCode<ProfileOnly>>();
    expectTypeOf<'YOU_ARE_BLOCKED'>().not.toExtend<AuthErrorCode<[]>>();
    expectTypeOf<'NICKNAME_IS_TAKEN'>().not.toExtend<AuthErrorCode<ProfileOnly>>();
    expectTypeOf<Auth<[]>['errorCodes']>().toEqualTypeOf<readonly CoreErrorCode[]>();
    type NicknameCodes = Auth<[typeof nicknames]>['errorCodes'][number];
    expectTypeOf<'NICKNAME_IS_TAKEN'>().toExtend<NicknameCodes>();
    expectTypeOf<'NICKNAME_IS_TOO_SHORT'>().not.toExtend<NicknameCodes>();
    expect(Object.values(nicknames.errors ?? {}).map((entry) => entry.code)).toEqual([
      'NICKNAME_IS_TAKEN',
      'YOU_ARE_BLOCKED',
    ]);
    expectTypeOf<AuthErrorCode<[typeof nicknames]>>().toEqualTypeOf<
      CoreErrorCode | 'NICKNAME_IS_TAKEN' | 'YOU_ARE_BLOCKED'
    >();
    // A plugin typed only as `Plugin` may answer anything: the union opens to `string`.
    expectTypeOf<AuthErrorCode<[Plugin]>>().toEqualTypeOf<string>();
  });
});
