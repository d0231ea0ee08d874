/**
 * `@latchkey/standalone`'s exported types, imported by package name as the web app imports them:
 * `StandaloneAuth` describes the auth `main.ts` runs (the plugins of `serverPlugins`), so a client
 * typed from it knows the plugin routes and columns, and every error code the server answers (the
 * transport's included). Checked by `tsc -p .`; the runtime half checks that the plugins the type
 * names are the ones served.
 */
import { createAuth, type CodesOf } from '@latchkey/server';
import type { StandaloneAuth, StandaloneEndpoint } from '@latchkey/standalone';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { serverPlugins } from '../src/plugins';
import { TRANSPORT_ERRORS } from '../src/transport-errors';

type SessionAnswer = NonNullable<Awaited<ReturnType<StandaloneAuth['api']['getSession']>>>;

/** The auth main.ts builds, on an in-memory database. */
function standaloneAuth() {
  return createAuth({
    baseURL: 'http://localhost:3000',
    secret: 'standalone-type-test-secret-0123456789ab',
    database: { url: 'sqlite::memory:' },
    plugins: serverPlugins({ adminEmails: [] }),
  });
}

describe('StandaloneAuth', () => {
  it('types the session with the admin, username and organization columns', () => {
    expectTypeOf<SessionAnswer['user']['role']>().toEqualTypeOf<string>();
    expectTypeOf<SessionAnswer['user']['username']>().toEqualTypeOf<string | null>();
    expectTypeOf<SessionAnswer['session']['activeOrganizationId']>().toEqualTypeOf<string | null>();
  });

  it('names every route the standalone server serves, teams included', () => {
    const auth = standaloneAuth();
    expectTypeOf(auth).toEqualTypeOf<StandaloneAuth>();
    const paths: StandaloneEndpoint['path'][] = [
      '/sign-in/username',
      '/admin/list-users',
      '/organization/create-team',
      '/get-session',
    ];
    expect(auth.endpoints.map((endpoint) => endpoint.path)).toEqual(expect.arrayContaining(paths));
    return auth.close();
  });

  it('counts among its error codes the answers http-server.ts gives to requests Node cannot parse', () => {
    expectTypeOf<CodesOf<typeof TRANSPORT_ERRORS>>().toExtend<StandaloneAuth['errorCodes'][number]>();
    const auth = standaloneAuth();
    const transportCodes = Object.values(TRANSPORT_ERRORS).map((entry) => entry.code);
    expect(transportCodes).toEqual([
      'BAD_REQUEST',
      'REQUEST_TIMEOUT',
      'PAYLOAD_TOO_LARGE',
      'REQUEST_HEADER_FIELDS_TOO_LARGE',
    ]);
    expect(auth.errorCodes).toEqual(expect.arrayContaining(transportCodes));
    return auth.close();
  });
});
