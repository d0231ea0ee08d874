/**
 * @module The client-plugin contract (better-auth's `organizationClient()` shape, keyed by the
 * server's endpoint ids instead of path matchers): a client plugin is one value naming its routes
 * by endpoint id, the stores that hold what some of them answer, and which stores each of its
 * calls makes stale (SPEC §4). The core client is such a value too (`core-client.ts`); the client
 * merges what its plugins declare and never imports one.
 */
import type { Endpoint } from '@latchkey/server';
import type { HttpMethod } from './request-method';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyServerEndpoint = Endpoint<string, any, any, any, any, string>;

/** Where a route lives and how it is called, as the server defines it. */
export interface RouteSpec {
  readonly path: string;
  readonly method: HttpMethod;
}

export type RouteTable = Readonly<Record<string, RouteSpec>>;

/**
 * A route table checked against the server's endpoints: every key is an endpoint id and its path
 * is that endpoint's path, so a renamed or moved route fails to compile here.
 */
export type RouteTableOf<E extends AnyServerEndpoint> = {
  readonly [K in E as K['id']]?: { readonly path: K['path']; readonly method: HttpMethod };
};

/** A store holds what one route answers; `hook` names its React hook (`@latchkey/client/react`). */
export interface StoreSpec {
  /** The endpoint id of a GET that needs no input. */
  readonly route: string;
  readonly hook: string;
}

export type StoreTable = Readonly<Record<string, StoreSpec>>;

export interface ClientPlugin<Routes extends RouteTable = RouteTable, Stores extends StoreTable = StoreTable> {
  readonly id: string;
  /** The plugin's routes by endpoint id: they become the client's methods (`/organization/set-active` → `organization.setActive`). */
  readonly routes: Routes;
  readonly stores?: Stores;
  /** Endpoint id → the stores a success makes stale: the plugin's own, or another's (`session`). */
  readonly refresh?: { readonly [Id in keyof Routes]?: readonly string[] };
}

type None = Record<never, never>;

/** Freezes a plugin and keeps its tables' literal types (ids, store and hook names) for the client's types. */
export function defineClientPlugin<const Routes extends RouteTable, const Stores extends StoreTable = None>(
  plugin: ClientPlugin<Routes, Stores>,
): ClientPlugin<Routes, Stores> {
  return Object.freeze(plugin);
}

/**
 * The client plugins there are, by name. Each plugin's module adds itself (declaration merging,
 * as Hono's `ContextVariableMap`), so that `createAuthClient<typeof auth>` can tell from the
 * server's endpoint ids alone which plugins the client needs and what they add.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by each plugin's module
export interface ClientPluginRegistry {}

export type RouteIdOf<P> = P extends ClientPlugin<infer Routes, StoreTable> ? keyof Routes & string : never;
export type StoresOf<P> = P extends ClientPlugin<RouteTable, infer Stores> ? Stores : never;
