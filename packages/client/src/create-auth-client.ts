/**
 * @module `createAuthClient(options)`: the core routes and its plugins' routes as methods —
 * `client.organization.getFullOrganization(input)` calls `/organization/get-full-organization` —
 * typed from the engine's endpoint definitions (`client-types.ts`). A plugin's methods exist only
 * on a client given that plugin. `$fetch(path, input)` reaches any route, untyped.
 * `$onSuccess(listener)` hears every call that succeeded, with its endpoint id when a plugin
 * declares the route: the stores of `stores/` refresh themselves from it.
 */
import type { CoreEndpoints } from '@latchkey/server';
import type { ClientPlugin, RouteSpec } from './client-plugin';
import { resolveClientOptions, type ClientOptions } from './client-options';
import type { CallOptions, ClientRoutes, PluginsOption, ServerDescription } from './client-types';
import { coreClient } from './core-client';
import type { ClientResult } from './result';
import type { HttpMethod } from './request-method';
import { buildRouteTree } from './route-tree';
import { sendRequest } from './send-request';

/** `id` is the endpoint id of a route a plugin declares, `undefined` for another `$fetch` path. */
export type SuccessListener = (path: string, method: HttpMethod, id: string | undefined) => void;

/**
 * The server type a client was created for, carried by its type only (no such property exists at
 * run time) so that `createAuthHooks(client)` can type its stores from the client alone.
 */
declare const serverType: unique symbol;

export interface ClientBase<S extends ServerDescription = CoreEndpoints> {
  readonly [serverType]?: S;
  /** The core client first, then the plugins the client was given: what its stores are built from. */
  readonly $plugins: readonly ClientPlugin[];
  /** Any route by path, untyped: `$fetch('/organization/list')`. */
  $fetch<T = unknown>(path: string, input?: Record<string, unknown>, options?: CallOptions): Promise<ClientResult<T>>;
  /** Called after each call that resolved without error. Returns an unsubscribe. */
  $onSuccess(listener: SuccessListener): () => void;
}

export type AuthClient<S extends ServerDescription = CoreEndpoints> = ClientRoutes<S> & ClientBase<S>;

export type AuthClientOptions<S extends ServerDescription = CoreEndpoints> = ClientOptions & PluginsOption<S>;

interface DeclaredRoute extends RouteSpec {
  readonly id: string;
}

function declaredRoutes(plugins: readonly ClientPlugin[]): Map<string, DeclaredRoute> {
  const byPath = new Map<string, DeclaredRoute>();
  for (const plugin of plugins)
    for (const [id, route] of Object.entries(plugin.routes)) byPath.set(route.path, { id, ...route });
  return byPath;
}

/**
 * The type parameter describes the server: `typeof auth` (its plugins' routes, body fields and
 * columns included), or an endpoint tuple such as `[...CoreEndpoints, typeof x]`; by default the
 * core routes. A server with plugins needs their client plugins: `plugins: [organizationClient()]`.
 */
export function createAuthClient<S extends ServerDescription = CoreEndpoints>(
  options: AuthClientOptions<S>,
): AuthClient<S> {
  const resolved = resolveClientOptions(options);
  // Read as plain plugins: the option's type (every order of the server's plugins) is for callers.
  const given = (options as { plugins?: readonly ClientPlugin[] }).plugins ?? [];
  const plugins: readonly ClientPlugin[] = Object.freeze([coreClient, ...given]);
  const routes = declaredRoutes(plugins);
  const listeners = new Set<SuccessListener>();

  function notify(path: string, method: HttpMethod): void {
    const id = routes.get(path)?.id;
    for (const listener of listeners) {
      // A listener's failure must not turn a successful call into a rejection.
      try {
        listener(path, method, id);
      } catch (error) {
        console.error('latchkey client: an onSuccess listener threw', error);
      }
    }
  }

  const send = (target: RouteSpec | { path: string }, input: unknown, callOptions?: CallOptions) =>
    sendRequest(resolved, target, input, callOptions, (method) => notify(target.path, method));

  const base: ClientBase<S> = {
    $plugins: plugins,
    $fetch: (path, input, callOptions) =>
      send(routes.get(path) ?? { path }, input, callOptions) as Promise<ClientResult<never>>,
    $onSuccess(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const methods = buildRouteTree(
    routes.values(),
    (route) => (input?: unknown, callOptions?: CallOptions) => send(route, input, callOptions),
  );
  return Object.freeze({ ...methods, ...base }) as AuthClient<S>;
}
