/**
 * @module The client's types, read off the engine's endpoint definitions: each endpoint's path
 * becomes a property chain (`/sign-in/email` → `signIn.email`), its zod body and query schemas the
 * call's input, and its handler's return type the call's `data`. Nothing is written twice.
 * Dates arrive as strings and are revived (`parse-dates.ts`), so `Date` stays `Date` in `data`.
 * The server is described either by its endpoints (a tuple) or by the auth itself
 * (`typeof auth`, whose `endpoints` carry its plugins' routes, body fields and columns).
 */
import type { z } from 'zod';
import type { Endpoint } from '@latchkey/server';
import type { ClientResult } from './result';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyServerEndpoint = Endpoint<string, any, any, any, any, string>;

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

/** What the endpoint at `Path` answers; `Fallback` when the server has no such route. */
export type OutputAt<S, Path extends string, Fallback = never> = [Extract<EndpointsOf<S>, { path: Path }>] extends [
  never,
]
  ? Fallback
  : CallOutput<Extract<EndpointsOf<S>, { path: Path }>>;

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

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/**
 * Routes with `:params` are links opened by a browser (mailed links), not client calls. An
 * endpoint whose path is only `string` (a plugin typed as plain `Plugin`) names no route: `$fetch` reaches it.
 */
type RouteTree<E, C extends string> = E extends AnyServerEndpoint
  ? string extends E['path']
    ? never
    : E['path'] extends `${string}:${string}`
      ? never
      : Nest<Segments<E['path']>, ClientCall<E, C>>
  : never;

export type ClientRoutes<S extends ServerDescription> = UnionToIntersection<RouteTree<EndpointsOf<S>, ErrorCodeOf<S>>>;
