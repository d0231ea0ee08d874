/**
 * `auth.endpoints` and the typed `auth.api` of an auth with plugins: the list the router and api
 * are built from is exposed as it is (core endpoints with the plugins' body fields, then each
 * plugin's), and the types follow the plugins (checked by `tsc -p .`). Each bundled plugin's own
 * endpoints and types are checked in its folder (test/<plugin>/contract.test.ts).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { definePlugin, type Auth } from '../src';
import { memoryAuth, parseSignUpBody, SIGN_UP_FIELDS } from './support/memory-auth';
import { profilePlugin } from './support/profile-plugin';

/** A second plugin, declaring nothing but its id, to show the list is each plugin's in turn. */
const emptyPlugin = definePlugin({ id: 'test-empty' });

function authWith() {
  return memoryAuth([profilePlugin, emptyPlugin]);
}

describe('auth.endpoints', () => {
  it("lists the core endpoints, then each enabled plugin's, and the api has exactly those ids", async () => {
    const auth = authWith();
    const ids = auth.endpoints.map((endpoint) => endpoint.id);
    expect(ids.slice(0, 3)).toEqual(['signUpEmail', 'signInEmail', 'signOut']);
    expect(ids.slice(-3)).toEqual(['setDevice', 'normalizeNickname', 'forgetDeviceAndRefuse']);
    expect(Object.keys(auth.api).sort()).toEqual([...ids].sort());
    expect(Object.isFrozen(auth.endpoints)).toBe(true);
    await auth.close();
  });

  it("carries the plugins' body fields in the core bodies they extend", async () => {
    const auth = authWith();
    // The profile plugin's field passes; a field no plugin adds (role) is stripped.
    expect(parseSignUpBody(auth, { nickname: 'alice', role: 'admin' })).toEqual({
      ...SIGN_UP_FIELDS,
      nickname: 'alice',
    });
    await auth.close();
  });

  it('auth.api calls a plugin endpoint by id, typed by the plugin', async () => {
    const auth = authWith();
    await auth.migrate();
    expectTypeOf(auth.api.normalizeNickname)
      .parameter(0)
      .exclude<undefined>()
      .toHaveProperty('body')
      .toEqualTypeOf<{ nickname: string } | undefined>();
    expect(await auth.api.normalizeNickname({ body: { nickname: ' Free_Name ' } })).toEqual({ nickname: 'free_name' });
    const { user } = await auth.api.signUpEmail({
      body: { name: 'Typed', email: 'typed@example.com', password: 'correct horse battery', nickname: 'Typed_One' },
    });
    expectTypeOf(user.nickname).toEqualTypeOf<string | null>();
    expectTypeOf(user.vip).toEqualTypeOf<boolean>();
    expect(user).toMatchObject({ nickname: 'typed_one', vip: false });
    // @ts-expect-error: no plugin has this endpoint
    expect(auth.api.grantCredits).toBeUndefined();
    await auth.close();
  });

  it('an auth whose plugins are typed only as Plugin keeps untyped access by any id', () => {
    expectTypeOf<Auth['api']['anything']>().toBeFunction();
    expectTypeOf<Auth['api']['getSession']>().parameter(0).exclude<undefined>().toHaveProperty('query');
  });
});
