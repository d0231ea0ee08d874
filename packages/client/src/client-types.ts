/**
 * @module The client's types, read off the engine's endpoint definitions: each endpoint's path
 * becomes a property chain (`/sign-in/email` → `signIn.email`), its zod body and query schemas the
 * call's input, and its handler's return type the call's `data`. Nothing is written twice.
 * Dates arrive as strings and are revived (`parse-dates.ts`), so `Date` stays `Date` in `data`.
 * The server is described either by its endpoints (a tuple) or by the auth itself
 * (`typeof auth`, whose `endpoints` carry its plugins' routes, body fields and columns). Which of
 * its endpoints are methods is the client plugins' say: the core routes, and the routes of each
 * registered client plugin the server serves (`PluginsOf`), which the client must then be given.
 */
import type { z } from 'zod';
import type { Endpoint } from '@latchkey/server';
import type { AnyServerEndpoint, ClientPluginRegistry, RouteIdOf, StoresOf } from './client-plugin';
import type { CoreClient } from './core-client';
import type { ClientResult } from './result';

export type { AnyServerEndpoint } from './client-plugin';

type Given<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a client is typed from: an endpoint tuple, or a server value's type (`typeof auth`). */
export type ServerDescription = readonly AnyServerEndpoint[] | { readonly endpoints: readonly AnyServerEndpoint[] };

/**
 * The error codes a server answers: `typeof auth` lists them (`errorCodes`, the core's and its
 * plugins'); an endpoint tuple does not, so any string (as `ClientError` has by default).
 */
export type ErrorCodeOf<S> = S extends { readonly errorCodes: readonly (infer C extends string)[] } ? C : string & {};

/** The union of the endpoints a description names. */
export type EndpointsOf<S> = S extends readonly (infer E)[]
  ? E
  : S extends { readonly endpoints: readonly (infer E)[] }
    ? E
    : never;

/** What the endpoint `Id` answers on the server `S`. */
export type OutputOf<S, Id extends string> = CallOutput<Extract<EndpointsOf<S>, { id: Id }>>;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

type Registered = ClientPluginRegistry[keyof ClientPluginRegistry];
type EndpointIdOf<S> = EndpointsOf<S> extends { id: infer Id } ? Id : never;
type ServesAny<P, S> = [Extract<RouteIdOf<P>, EndpointIdOf<S>>] extends [never] ? never : P;

/** The registered client plugins whose routes the server `S` serves: those its client is given. */
export type PluginsOf<S> = Registered extends infer P ? (P extends unknown ? ServesAny<P, S> : never) : never;

/** The core client and the server's plugins: everything that declares the client's routes and stores. */
export type ClientPluginsOf<S> = CoreClient | PluginsOf<S>;

type Permutations<T, All = T> = [T] extends [never]
  ? []
  : T extends unknown
    ? [T, ...Permutations<Exclude<All, T>>]
    : never;

/**
 * The `plugins` option: one client plugin for each server plugin with client routes, in any
 * order, none missing, so that the client's type never names a method it does not have.
 */
export type PluginsOption<S> = [PluginsOf<S>] extends [never]
  ? { plugins?: readonly [] }
  : { plugins: Readonly<Permutations<PluginsOf<S>>> };

/** Every store the client's plugins declare, by store name. */
export type StoreSpecsOf<S> = UnionToIntersection<StoresOf<ClientPluginsOf<S>>>;

/** Per-call options (the second argument, or `fetchOptions` inside the first). */
export interface CallOptions {
  headers?: HeadersInit;
  /** Overrides the GET/POST rule of `request-method.ts`. */
  method?: 'GET' | 'POST';
  retry?: number;
  retryDelay?: number;
  signal?: AbortSignal;
}

/** The query is optional when the schema has no required field. */
type QueryPart<Q> = undefined extends Q ? { query?: Q } : Partial<Q> extends Q ? { query?: Q } : { query: Q };

/** The first argument: the body's fields (POST) plus `query` and `fetchOptions`, as better-auth takes them. */
export type CallInput<E> =
  E extends Endpoint<string, infer B, infer Q, infer _G, infer _R, string>
    ? (Given<B> extends undefined ? unknown : Given<B>) & QueryPart<Given<Q>> & { fetchOptions?: CallOptions }
    : never;

export type CallOutput<E> =
  E extends Endpoint<string, infer _B, infer _Q, infer _G, infer R, string> ? Awaited<R> : never;

/** Inputs with a required field make the argument required. */
type HasRequired<T> = Partial<T> extends T ? false : true;

/** `C`: the codes `error.code` can hold (`ErrorCodeOf`). */
export type ClientCall<E, C extends string = string & {}> =
  HasRequired<CallInput<E>> extends true
    ? (input: CallInput<E>, options?: CallOptions) => Promise<ClientResult<CallOutput<E>, C>>
    : (input?: CallInput<E>, options?: CallOptions) => Promise<ClientResult<CallOutput<E>, C>>;

type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;
type Split<S extends string> = S extends `${infer Head}/${infer Tail}` ? [Head, ...Split<Tail>] : [S];
type Segments<P extends string> = P extends `/${infer Rest}` ? Split<Rest> : Split<P>;

type Nest<Segs, Leaf> = Segs extends [infer Head extends string, ...infer Tail]
  ? Tail extends []
    ? { [K in CamelCase<Head>]: Leaf }
    : { [K in CamelCase<Head>]: Nest<Tail, Leaf> }
  : never;

type RouteTree<E, C extends string> = E extends AnyServerEndpoint ? Nest<Segments<E['path']>, ClientCall<E, C>> : never;

/** The endpoints that are methods: those a route table of the client's plugins names by id. */
type CallableEndpoints<S> = Extract<EndpointsOf<S>, { id: RouteIdOf<ClientPluginsOf<S>> }>;

export type ClientRoutes<S extends ServerDescription> = UnionToIntersection<
  RouteTree<CallableEndpoints<S>, ErrorCodeOf<S>>
>;
