/**
 * @module @latchkey/standalone's importable surface: types only. A web app served by the
 * standalone server cannot import the server's value (it runs in the browser), but can type its
 * client from this: `createAuthClient<StandaloneAuth>({ baseURL, plugins: [usernameClient(),
 * adminClient(), organizationClient(), auditClient(), twoFactorClient(), passkeyClient(),
 * oauthProviderClient()] })`.
 */
import type { Auth, AuthEventTypeOf } from '@latchkey/server';
import type { ServerPlugins } from './plugins';

export type { ServerPlugins } from './plugins';

/** The auth the standalone server runs (`createAuth` with `serverPlugins`), as a type. */
export type StandaloneAuth = Auth<ServerPlugins>;

/** Every endpoint the standalone server serves, with its plugins' body fields and columns. */
export type StandaloneEndpoint = StandaloneAuth['endpoints'][number];

/**
 * Every event type the standalone server may emit (the core's and its plugins'), as its audit log
 * may hold them: narrower than `AuthEventType`, which holds every plugin's in the program.
 */
export type StandaloneEventType = AuthEventTypeOf<ServerPlugins>;
