/**
 * @module `createAuthClient(options)`: a proxy whose property chains are routes —
 * `client.organization.getFullOrganization(input)` calls `/organization/get-full-organization`.
 * The runtime knows no route list (so it works for any plugin's routes); the types come from the
 * engine's endpoint definitions (`client-types.ts`). `$fetch(path, input)` reaches routes that
 * are not in the typed list. `$onSuccess(listener)` hears the path of every call that succeeded:
 * the stores of `stores/` refresh themselves from it.
 */
import type { CoreEndpoints } from '@latchkey/server';
import { resolveClientOptions, type ClientOptions } from './client-options';
import type { CallOptions, ClientRoutes, ServerDescription } from './client-types';
import type { ClientResult } from './result';
import type { HttpMethod } from './request-method';
import { routePath } from './route-path';
import { sendRequest } from './send-request';

export type SuccessListener = (path: string, method: HttpMethod) => void;

/**
 * The server type a client was created for, carried by its type only (no such property exists at
 * run time) so that `createAuthHooks(client)` can type its stores from the client alone.
 */
declare const serverType: unique symbol;

export interface ClientBase<S extends ServerDescription = CoreEndpoints> {
  readonly [serverType]?: S;
  /** Any route by path, untyped: `$fetch('/organization/list')`. */
  $fetch<T = unknown>(path: string, input?: Record<string, unknown>, options?: CallOptions): Promise<ClientResult<T>>;
  /** Called with the route path (`/sign-in/email`) and method after each call that resolved without error. Returns an unsubscribe. */
  $onSuccess(listener: SuccessListener): () => void;
}

export type AuthClient<S extends ServerDescription = CoreEndpoints> = ClientRoutes<S> & ClientBase<S>;

// Promise resolution looks for `then`; a proxy that answered it would look like a thenable.
const NOT_ROUTES = new Set(['then', 'toJSON', 'constructor', 'valueOf', 'toString']);

/**
 * The type parameter describes the server: `typeof auth` (its plugins' routes, body fields and
 * columns included), or an endpoint tuple such as `[...CoreEndpoints, typeof x]`; by default the
 * core routes.
 */
export function createAuthClient<S extends ServerDescription = CoreEndpoints>(options: ClientOptions): AuthClient<S> {
  const resolved = resolveClientOptions(options);
  const listeners = new Set<SuccessListener>();

  function notify(path: string, method: HttpMethod): void {
    for (const listener of listeners) {
      // A listener's failure must not turn a successful call into a rejection.
      try {
        listener(path, method);
      } catch (error) {
        console.error('latchkey client: an onSuccess listener threw', error);
      }
    }
  }

  const send = (path: string, input: unknown, callOptions?: CallOptions) =>
    sendRequest(resolved, path, input, callOptions, (method) => notify(path, method));

  const base: ClientBase<S> = {
    $fetch: (path, input, callOptions) => send(path, input, callOptions) as Promise<ClientResult<never>>,
    $onSuccess(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  function routeProxy(segments: readonly string[]): unknown {
    const call = (input?: unknown, callOptions?: CallOptions) => send(routePath(segments), input, callOptions);
    return new Proxy(call, {
      get(_target, property) {
        if (typeof property !== 'string' || NOT_ROUTES.has(property)) return undefined;
        return routeProxy([...segments, property]);
      },
    });
  }

  return new Proxy(base, {
    get(target, property) {
      if (typeof property !== 'string') return undefined;
      if (property in target) return target[property as '$fetch' | '$onSuccess'];
      if (NOT_ROUTES.has(property)) return undefined;
      return routeProxy([property]);
    },
  }) as AuthClient<S>;
}
