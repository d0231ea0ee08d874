/**
 * @module `defineEndpoint`: an endpoint is a plain value — method, path, zod schemas for body and
 * query, guards, handler — so one definition serves HTTP, the typed server-side `api`, and the
 * types of both.
 */
import type { z } from 'zod';
import type { AuthContext } from '../auth/context';
import type { ErrorEntry } from './errors';
import type { ResponseCookies, RequestCookies } from '../http/cookies';
import type { CurrentSession } from '../session/current-session';
import type { AsServerValue, RequestHeaders } from '../http/transport';

export type SessionGuard = 'none' | 'required' | 'fresh';
export type RateLimitTier = 'default' | 'strict' | 'mail';
/**
 * What a success answers, for the API description only (openapi/): the JSON body's schema, a page
 * (`'html'`), a 302 (`'redirect'`), a file (`'file'`) or a CSV download (`'csv'`); a list where it
 * depends on the request.
 * Never checked at run time: the hot path stays a handler and `JSON.stringify`.
 */
export type EndpointAnswer = z.ZodType | 'html' | 'redirect' | 'file' | 'csv';
export type EndpointResponse = EndpointAnswer | readonly EndpointAnswer[];

/** A body or query schema; `undefined` for an endpoint that takes none. */
export type EndpointSchema = z.ZodType | undefined;
type Schema = EndpointSchema;
export type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;
type Given<S extends Schema> = S extends z.ZodType ? z.input<S> : undefined;

export interface EndpointContext<B, Q, G extends SessionGuard> {
  readonly auth: AuthContext;
  readonly body: B;
  readonly query: Q;
  readonly params: Readonly<Record<string, string>>;
  readonly headers: RequestHeaders;
  /** The client's address as the router determined it (socket, or a trusted proxy's header). */
  readonly clientIp: string | undefined;
  readonly requestCookies: RequestCookies;
  /** True for `auth.api` calls: the server's own code, trusted to act for a user it names. */
  readonly serverCall: boolean;
  readonly cookies: ResponseCookies;
  readonly session: G extends 'none' ? null : CurrentSession;
}

export interface Endpoint<
  Id extends string,
  B extends Schema,
  Q extends Schema,
  G extends SessionGuard,
  R,
  P extends string = string,
> {
  /** The `api` method name, and what plugins use to refer to the route. */
  readonly id: Id;
  readonly method: 'GET' | 'POST';
  /** Relative to the base path; `:name` segments become `params`. Kept literal so the client can type calls by path. */
  readonly path: P;
  /**
   * One line saying what the route does: the operation's `summary` in the API description and its
   * heading on the reference page. Every HTTP route has one (openapi/document-summaries.test.ts).
   */
  readonly summary?: string;
  readonly body?: B;
  readonly query?: Q;
  readonly session?: G;
  /**
   * GET routes otherwise read the session from the cookie cache, which may be up to a minute
   * behind the database; routes that decide on privileges (a role just revoked) must not.
   */
  readonly sessionFromDatabase?: boolean;
  /**
   * Adds, removes or changes a way to sign in to the account (a password, a passkey, a second
   * factor, a linked identity, the e-mail) or deletes it: plugins may refuse it to the session
   * (`beforeCredentialChange`: the admin plugin refuses an impersonation session, which must not
   * leave the admin a way back in once it ends).
   */
  readonly credentialChange?: boolean;
  readonly rateLimit?: RateLimitTier;
  /** Reachable only through `auth.api`, never over HTTP. */
  readonly serverOnly?: boolean;
  /** Sign-in and sign-up check a sent Origin even when the request carries no cookie. */
  readonly checkOriginWithoutCookies?: boolean;
  /**
   * Also takes an HTML form post (`application/x-www-form-urlencoded`), so a sign-in page works
   * without JavaScript; answered with a 303 to `url` when the answer says `redirect: true`.
   */
  readonly acceptsForm?: boolean;
  /**
   * An identity provider's form post back to us (Apple's `form_post`), cross-site by design: no
   * Origin check, since its Origin is the provider's. Only for routes whose input proves itself
   * (the OAuth callback's state, bound to the browser that started the flow).
   */
  readonly crossSiteCallback?: boolean;
  /** Described in the API document; absent is "some JSON". */
  readonly response?: EndpointResponse;
  /**
   * The catalogue entries the route itself answers, for the API description. The guards' entries
   * (validation, session, origin, rate limit) are derived from the fields above and need no listing.
   */
  readonly errors?: readonly ErrorEntry[];
  handler(ctx: EndpointContext<Parsed<B>, Parsed<Q>, G>): Promise<R>;
}

/**
 * The guards every route that takes credentials from a sign-in page shares (e-mail and username
 * sign-in, sign-up): the strict rate limit, the Origin checked even on a request without cookies
 * (login CSRF), and HTML form posts. One list, so a new such route cannot leave one out.
 */
export const CREDENTIAL_FORM = { rateLimit: 'strict', checkOriginWithoutCookies: true, acceptsForm: true } as const;

// `unknown` handler types are widened through method bivariance, so any endpoint fits.
export type AnyEndpoint = Endpoint<string, Schema, Schema, SessionGuard, unknown>;

export function defineEndpoint<
  Id extends string,
  B extends Schema = undefined,
  Q extends Schema = undefined,
  G extends SessionGuard = 'none',
  R = unknown,
  P extends string = string,
>(endpoint: Endpoint<Id, B, Q, G, R, P>): Endpoint<Id, B, Q, G, R, P> {
  return Object.freeze(endpoint);
}

export interface ApiInput<B, Q> {
  body?: B;
  query?: Q;
  params?: Record<string, string>;
  /** The caller's request headers: the session is read from their cookie. */
  headers?: HeadersInit;
}

export type ApiCall<E> =
  E extends Endpoint<string, infer B, infer Q, SessionGuard, infer R>
    ? (input?: ApiInput<Given<B>, Given<Q>>) => Promise<AsServerValue<R>>
    : never;

export type Api<E extends readonly AnyEndpoint[]> = { [K in E[number] as K['id']]: ApiCall<K> };
