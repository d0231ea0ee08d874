/**
 * The admin plugin as `createAuth` takes it in: its endpoints served by id, its columns in every
 * user, typed, and its error codes among the auth's, in the types too (checked by `tsc -p .`).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { adminPlugin, type AuthErrorCode } from '../../..';
import { memoryAuth } from '../../../../test/support/memory-auth';

type AdminOnly = [ReturnType<typeof adminPlugin>];

describe('the admin plugin in an auth', () => {
  it('serves its endpoints, answers its codes and gives every new user its columns', async () => {
    const auth = memoryAuth([adminPlugin()]);
    await auth.migrate();
    expect(auth.endpoints.map((endpoint) => endpoint.id)).toEqual(expect.arrayContaining(['listUsers', 'banUser']));
    expect(auth.errorCodes).toContain('BANNED_USER');
    const { user } = await auth.api.signUpEmail({
      body: { name: 'Typed', email: 'typed@example.com', password: 'correct horse battery' },
    });
    expectTypeOf(user.role).toEqualTypeOf<string>();
    expect(user).toMatchObject({ role: 'user', banned: false });
    await auth.close();
  });

  it('adds its codes to the error code union only when installed', () => {
    expectTypeOf<'BANNED_USER'>().toExtend<AuthErrorCode<AdminOnly>>();
    expectTypeOf<'BANNED_USER'>().not.toExtend<AuthErrorCode<[]>>();
    expectTypeOf<'ROLE_NOT_FOUND'>().not.toExtend<AuthErrorCode<AdminOnly>>();
  });
});
