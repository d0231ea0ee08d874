/**
 * The client's types for a server with plugins, checked by the compiler (`tsc -p .` type-checks
 * this file; vitest runs it so the checks are listed with the other tests). A client typed from
 * `typeof auth` knows the plugins' routes, their body fields in core routes, and their columns in
 * every answer; wrong inputs do not compile (each `@ts-expect-error` fails the build if the line
 * compiles). A plugin's routes and hooks are there only when the server has the plugin, and then
 * the client must be given its client plugin.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, type adminPlugin, type Auth, type CoreEndpoints, type usernamePlugin } from '@latchkey/server';
import {
  createAuthClient,
  defineClientPlugin,
  type AuthClient,
  type CallOptions,
  type ClientErrorCode,
  type ClientResult,
  type ErrorCodeOf,
} from '../src';
import { adminClient, organizationClient, usernameClient } from '../src/plugins';
import { createAuthHooks, type AuthHooks } from '../src/react';
import type { TestAuth } from './support';

/** The `data` of a successful call. */
type DataOf<F extends (...args: never[]) => Promise<ClientResult<unknown>>> = Extract<
  Awaited<ReturnType<F>>,
  { error: null }
>['data'];
/** The `error.code` of a failed call. */
type CodeOf<F extends (...args: never[]) => Promise<ClientResult<unknown>>> = NonNullable<
  Awaited<ReturnType<F>>['error']
>['code'];

// Never called: the client only describes calls here.
const client = createAuthClient<TestAuth>({
  baseURL: 'http://127.0.0.1:1',
  plugins: [organizationClient(), adminClient(), usernameClient()],
});

/** A server with the admin and username plugins but not the organization plugin. */
type NoOrganizationAuth = Auth<[ReturnType<typeof usernamePlugin>, ReturnType<typeof adminPlugin>]>;

const ping = defineEndpoint({
  id: 'ping',
  method: 'POST',
  path: '/tools/ping',
  body: z.object({ times: z.number() }),
  async handler({ body }) {
    return { pong: body.times };
  },
});

/** A client plugin of one's own, registered as the bundled ones register themselves. */
const toolsClient = () =>
  defineClientPlugin({ id: 'tools', routes: { ping: { path: '/tools/ping', method: 'POST' } } });

declare module '../src/client-plugin' {
  interface ClientPluginRegistry {
    tools: ReturnType<typeof toolsClient>;
  }
}

/** Type-checks a call without making it. */
const never = (_call: () => unknown) => {};

describe('a client typed from typeof auth', () => {
  it('has the plugin routes, with their inputs and answers', () => {
    expectTypeOf(client.signIn.username).parameter(0).toEqualTypeOf<
      {
        username: string;
        password: string;
        rememberMe?: boolean | undefined;
        callbackURL?: string | undefined;
      } & { query?: undefined } & { fetchOptions?: CallOptions }
    >();
    expectTypeOf<DataOf<typeof client.isUsernameAvailable>>().toEqualTypeOf<{ available: boolean }>();
    expectTypeOf<DataOf<typeof client.admin.listUsers>>().toHaveProperty('total').toEqualTypeOf<number>();
    expectTypeOf(client.admin.listUsers)
      .parameter(0)
      .exclude<undefined>()
      .toHaveProperty('query')
      .exclude<undefined>()
      .toHaveProperty('searchField')
      .toEqualTypeOf<'email' | 'name' | undefined>();
    expectTypeOf(client.admin.banUser).parameter(0).toHaveProperty('banExpiresIn').toEqualTypeOf<number | undefined>();
    expectTypeOf<DataOf<typeof client.organization.createTeam>>()
      .toHaveProperty('organizationId')
      .toEqualTypeOf<string>();
    expectTypeOf<DataOf<typeof client.organization.listTeams>>().items.toHaveProperty('name').toEqualTypeOf<string>();
    expectTypeOf<DataOf<typeof client.organization.acceptInvitation>>()
      .toHaveProperty('member')
      .toHaveProperty('role')
      .toEqualTypeOf<string>();
  });

  it("accepts the username plugin's fields in sign-up and update-user", () => {
    expectTypeOf(client.signUp.email).parameter(0).toHaveProperty('username').toEqualTypeOf<string | undefined>();
    expectTypeOf(client.signUp.email)
      .parameter(0)
      .toHaveProperty('displayUsername')
      .toEqualTypeOf<string | undefined>();
    expectTypeOf(client.updateUser)
      .parameter(0)
      .exclude<undefined>()
      .toHaveProperty('username')
      .toEqualTypeOf<string | undefined>();
  });

  it("answers users and sessions with the plugins' columns, nullable as their columns are", () => {
    type Session = NonNullable<DataOf<typeof client.getSession>>;
    expectTypeOf<Session['user']['role']>().toEqualTypeOf<string>();
    expectTypeOf<Session['user']['banned']>().toEqualTypeOf<boolean>();
    expectTypeOf<Session['user']['banReason']>().toEqualTypeOf<string | null>();
    expectTypeOf<Session['user']['banExpires']>().toEqualTypeOf<Date | null>();
    expectTypeOf<Session['user']['username']>().toEqualTypeOf<string | null>();
    expectTypeOf<Session['user']['displayUsername']>().toEqualTypeOf<string | null>();
    expectTypeOf<Session['session']['impersonatedBy']>().toEqualTypeOf<string | null>();
    expectTypeOf<Session['session']['activeOrganizationId']>().toEqualTypeOf<string | null>();
    expectTypeOf<Session['session']['activeTeamId']>().toEqualTypeOf<string | null>();
    // Every answer that carries a user: sign-up, a plugin's sign-in, an admin's lists and actions.
    expectTypeOf<DataOf<typeof client.signUp.email>['user']['role']>().toEqualTypeOf<string>();
    expectTypeOf<DataOf<typeof client.signIn.username>['user']['username']>().toEqualTypeOf<string | null>();
    expectTypeOf<DataOf<typeof client.admin.listUsers>['users'][number]['banned']>().toEqualTypeOf<boolean>();
    expectTypeOf<DataOf<typeof client.admin.setRole>['user']['role']>().toEqualTypeOf<string>();
    expectTypeOf<DataOf<typeof client.admin.impersonateUser>['session']['impersonatedBy']>().toEqualTypeOf<
      string | null
    >();
    expectTypeOf<DataOf<typeof client.listSessions>[number]['activeOrganizationId']>().toEqualTypeOf<string | null>();
  });

  it('refuses wrong inputs and unknown routes at compile time', () => {
    // @ts-expect-error: sign-in by username needs a password
    never(() => client.signIn.username({ username: 'alice' }));
    // @ts-expect-error: a username is a string
    never(() => client.signUp.email({ email: 'a@example.com', password: 'pw', name: 'A', username: 42 }));
    // @ts-expect-error: banExpiresIn is seconds, a number
    never(() => client.admin.banUser({ userId: 'u', banExpiresIn: '1h' }));
    // @ts-expect-error: list-users searches email or name only
    never(() => client.admin.listUsers({ query: { searchValue: 'a', searchField: 'phone' } }));
    // @ts-expect-error: an organization needs a slug
    never(() => client.organization.create({ name: 'Acme' }));
    // @ts-expect-error: a team needs a name
    never(() => client.organization.createTeam({ organizationId: 'o' }));
    // @ts-expect-error: no such admin route
    never(() => client.admin.promoteEveryone());
  });

  it("types error codes as the server's, its plugins' included, so a misspelt code does not compile", () => {
    type Code = CodeOf<typeof client.signIn.email>;
    expectTypeOf<Code>().toEqualTypeOf<ClientErrorCode | ErrorCodeOf<TestAuth>>();
    expectTypeOf<
      'INVALID_EMAIL_OR_PASSWORD' | 'BANNED_USER' | 'ROLE_NOT_FOUND' | 'USERNAME_IS_INVALID'
    >().toExtend<Code>();
    expectTypeOf<'NETWORK_ERROR' | 'UNKNOWN_ERROR'>().toExtend<Code>();
    expectTypeOf<CodeOf<typeof client.organization.inviteMember>>().toEqualTypeOf<Code>();
    const isMisspelt = (code: Code) =>
      // @ts-expect-error: no code the server answers, so the comparison cannot hold
      code === 'ROLE_NOT_FOUNDD';
    void isMisspelt;
  });

  it('types the React stores from the client: the session with its columns, the active member and organizations', () => {
    const hooks = createAuthHooks(client);
    expectTypeOf(hooks).toEqualTypeOf<AuthHooks<TestAuth>>();
    expectTypeOf<NonNullable<ReturnType<typeof hooks.useSession>['data']>['user']['role']>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<ReturnType<typeof hooks.useActiveMember>['data']>['role']>().toEqualTypeOf<string>();
    expectTypeOf<
      NonNullable<ReturnType<typeof hooks.useListOrganizations>['data']>[number]['slug']
    >().toEqualTypeOf<string>();
    expectTypeOf<
      NonNullable<ReturnType<typeof hooks.useActiveOrganization>['data']>['members'][number]['user']['email']
    >().toEqualTypeOf<string>();
  });
});

describe('clients typed otherwise', () => {
  it('the default client knows the core routes only, and no plugin columns', () => {
    const core = createAuthClient({ baseURL: 'http://127.0.0.1:1' });
    expectTypeOf<NonNullable<DataOf<typeof core.getSession>>['user']>().not.toHaveProperty('role');
    expectTypeOf(core.forgetPassword).parameter(0).toHaveProperty('email').toEqualTypeOf<string>();
    expectTypeOf(core.requestPasswordReset)
      .parameter(0)
      .toHaveProperty('redirectTo')
      .toEqualTypeOf<string | undefined>();
    // @ts-expect-error: a misspelt route is no route
    void core.forgotPassword;
    // @ts-expect-error: the admin plugin's routes are not in the core list
    void core.admin;
    // @ts-expect-error: nor is the username plugin's field in sign-up
    never(() => core.signUp.email({ email: 'a@example.com', password: 'pw', name: 'A', username: 'alice' }));
    // @ts-expect-error: a server without plugins takes no client plugins
    never(() => createAuthClient({ baseURL: 'http://127.0.0.1:1', plugins: [adminClient()] }));
  });

  it("knows a plugin's error codes only when the server runs the plugin", () => {
    type UsernameOnly = Auth<[ReturnType<typeof usernamePlugin>]>;
    type Code = CodeOf<AuthClient<UsernameOnly>['signIn']['username']>;
    expectTypeOf<'USERNAME_IS_INVALID' | 'INVALID_EMAIL_OR_PASSWORD'>().toExtend<Code>();
    expectTypeOf<'BANNED_USER'>().not.toExtend<Code>();
    expectTypeOf<'ROLE_NOT_FOUND'>().not.toExtend<Code>();
    // A client typed from endpoints alone does not know the server's codes: any string.
    expectTypeOf<CodeOf<AuthClient['signIn']['email']>>().toEqualTypeOf<ClientErrorCode | (string & {})>();
  });

  it("a server without a plugin gives the client none of the plugin's methods or hooks", () => {
    const partial = createAuthClient<NoOrganizationAuth>({
      baseURL: 'http://127.0.0.1:1',
      plugins: [adminClient(), usernameClient()],
    });
    expectTypeOf<DataOf<typeof partial.admin.listUsers>>().toHaveProperty('total').toEqualTypeOf<number>();
    // @ts-expect-error: no organization plugin, no organization routes
    void partial.organization;
    const hooks = createAuthHooks(partial);
    expectTypeOf(hooks).toHaveProperty('useSession');
    // @ts-expect-error: nor the organization plugin's hooks
    void hooks.useActiveOrganization;
    // @ts-expect-error: nor may its client plugin be given
    never(() => createAuthClient<NoOrganizationAuth>({ baseURL: 'x', plugins: [adminClient(), organizationClient()] }));
  });

  it("a server's plugins must all be given, so that no method is typed that the client lacks", () => {
    // @ts-expect-error: the test server has plugins: the client needs theirs
    never(() => createAuthClient<TestAuth>({ baseURL: 'http://127.0.0.1:1' }));
    // @ts-expect-error: the username plugin's client is missing
    never(() => createAuthClient<TestAuth>({ baseURL: 'x', plugins: [organizationClient(), adminClient()] }));
    never(() =>
      createAuthClient<TestAuth>({ baseURL: 'x', plugins: [usernameClient(), adminClient(), organizationClient()] }),
    );
  });

  it("an endpoint tuple types a client, with the endpoints' own client plugin", () => {
    expectTypeOf(ping.path).toEqualTypeOf<'/tools/ping'>();
    const tools = createAuthClient<[...CoreEndpoints, typeof ping]>({
      baseURL: 'http://127.0.0.1:1',
      plugins: [toolsClient()],
    });
    expectTypeOf<DataOf<typeof tools.tools.ping>>().toEqualTypeOf<{ pong: number }>();
    expectTypeOf(tools.signIn.email).parameter(0).toHaveProperty('email').toEqualTypeOf<string>();
    // @ts-expect-error: times is a number
    never(() => tools.tools.ping({ times: 'twice' }));
  });
});
