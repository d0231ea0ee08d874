/**
 * `auth.endpoints` and the typed `auth.api` of an auth with plugins: the list the router and api
 * are built from is exposed as it is (core endpoints with the plugins' body fields, then each
 * plugin's), and the types follow the plugins (checked by `tsc -p .`).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { adminPlugin, createAuth, organizationPlugin, usernamePlugin, type Auth } from '../src';

const SECRET = 'endpoints-test-secret-endpoints-test-secret';

function authWith() {
  return createAuth({
    baseURL: 'http://localhost:3000',
    secret: SECRET,
    database: { url: 'sqlite::memory:' },
    plugins: [usernamePlugin(), adminPlugin(), organizationPlugin()],
    logger: { info() {}, warn() {}, error() {} },
  });
}

describe('auth.endpoints', () => {
  it("lists the core endpoints, then each enabled plugin's, and the api has exactly those ids", async () => {
    const auth = authWith();
    const ids = auth.endpoints.map((endpoint) => endpoint.id);
    expect(ids.slice(0, 3)).toEqual(['signUpEmail', 'signInEmail', 'signOut']);
    expect(ids).toEqual(
      expect.arrayContaining(['signInUsername', 'isUsernameAvailable', 'listUsers', 'banUser', 'createOrganization']),
    );
    // Teams are off here: their routes exist only in the types ("possibly present").
    expect(ids).not.toContain('createTeam');
    expect(Object.keys(auth.api).sort()).toEqual([...ids].sort());
    expect(Object.isFrozen(auth.endpoints)).toBe(true);
    await auth.close();
  });

  it("carries the plugins' body fields in the core bodies they extend", async () => {
    const auth = authWith();
    const signUp = auth.endpoints.find((endpoint) => endpoint.id === 'signUpEmail');
    expect(signUp?.body).toBeInstanceOf(z.ZodObject);
    const parsed = (signUp!.body as z.ZodObject).parse({
      name: 'A',
      email: 'a@example.com',
      password: 'correct horse battery',
      username: 'alice',
      role: 'admin',
    });
    // The username plugin's fields pass; a field no plugin adds (role) is stripped.
    expect(parsed).toEqual({ name: 'A', email: 'a@example.com', password: 'correct horse battery', username: 'alice' });
    await auth.close();
  });

  it('auth.api calls a plugin endpoint by id, typed by the plugin', async () => {
    const auth = authWith();
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
    expectTypeOf(user.role).toEqualTypeOf<string>();
    expect(user).toMatchObject({ username: 'typed_one', displayUsername: 'Typed_One', role: 'user', banned: false });
    // @ts-expect-error: no plugin has this endpoint
    expect(auth.api.grantCredits).toBeUndefined();
    await auth.close();
  });

  it('an auth whose plugins are typed only as Plugin keeps untyped access by any id', () => {
    expectTypeOf<Auth['api']['anything']>().toBeFunction();
    expectTypeOf<Auth['api']['getSession']>().parameter(0).exclude<undefined>().toHaveProperty('query');
  });
});
