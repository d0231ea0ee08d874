/**
 * The username plugin as `createAuth` takes it in: its endpoints served and typed by id, its
 * fields in the sign-up body and in every user, and its error codes among the auth's.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { usernamePlugin } from '../../..';
import { memoryAuth, parseSignUpBody, SIGN_UP_FIELDS } from '../../../../test/support/memory-auth';

describe('the username plugin in an auth', () => {
  it('serves its endpoints, answers its codes and adds its fields to the sign-up body', async () => {
    const auth = memoryAuth([usernamePlugin()]);
    expect(auth.endpoints.map((endpoint) => endpoint.id)).toEqual(
      expect.arrayContaining(['signInUsername', 'isUsernameAvailable']),
    );
    expect(auth.errorCodes).toContain('USERNAME_IS_INVALID');
    // The username plugin's fields pass; a field no plugin adds (role) is stripped.
    expect(parseSignUpBody(auth, { username: 'alice', role: 'admin' })).toEqual({
      ...SIGN_UP_FIELDS,
      username: 'alice',
    });
    await auth.close();
  });

  it('is called through auth.api by id, typed by the plugin', async () => {
    const auth = memoryAuth([usernamePlugin()]);
    await auth.migrate();
    expectTypeOf(auth.api.isUsernameAvailable)
      .parameter(0)
      .exclude<undefined>()
      .toHaveProperty('body')
      .toEqualTypeOf<{ username: string } | undefined>();
    expect(await auth.api.isUsernameAvailable({ body: { username: 'free_name' } })).toEqual({ available: true });
    const { user } = await auth.api.signUpEmail({
      body: { name: 'Typed', email: 'typed@example.com', password: 'correct horse battery', username: 'Typed_One' },
    });
    expectTypeOf(user.username).toEqualTypeOf<string | null>();
    expect(user).toMatchObject({ username: 'typed_one', displayUsername: 'Typed_One' });
    await auth.close();
  });
});
