/**
 * @module What the router needs of a request and what it gives back, whatever carried them: a
 * web-standard Request (fetch-handler.ts) or Node's own request and response (node-handler.ts).
 * The router never builds a Request or a Response for a JSON answer, so the Node path writes the
 * answer straight to the socket: on the hot path those objects cost as much as the work itself.
 */

/** The one thing handlers ask of request headers; web `Headers` has it, and so has a Node adapter. */
export interface RequestHeaders {
  get(name: string): string | null;
}

export interface IncomingCall {
  readonly method: string;
  /** The request target as sent, path and query (`/api/auth/get-session?disableCookieCache=true`). */
  readonly target: string;
  readonly headers: RequestHeaders;
  /** The socket's peer address, where the transport knows it. */
  readonly clientIp: string | undefined;
  /** The body as UTF-8 text; more than `maxBytes` (declared or sent) is a 413, never buffered. */
  readBody(maxBytes: number): Promise<string>;
}

/** A JSON answer (or none), with the Set-Cookie headers queued while handling the call. */
export interface PlainAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly cookies: Iterable<string>;
  readonly body: string | null;
}

/** Endpoints that answer a page or a provider's redirect build a Response themselves. */
export interface ResponseAnswer {
  readonly response: Response;
  readonly cookies: Iterable<string>;
}

export type Answer = PlainAnswer | ResponseAnswer;

export type Dispatch = (call: IncomingCall) => Promise<Answer>;

export const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'application/json',
  'cache-control': 'no-store',
});

/**
 * A JSON answer with its own status and headers (a protocol's error, `Cache-Control: no-store`, a
 * `WWW-Authenticate` challenge), which the router sends as a plain answer: a route that needs more
 * than status 200 need not build a Response, which costs a web stream per request and, on the Node
 * path, reading that stream back (measured on the OAuth provider's token, introspection and
 * userinfo routes: about a sixth of their CPU). `auth.api` callers get it as a Response.
 */
export class JsonAnswer {
  constructor(
    readonly body: unknown,
    readonly status = 200,
    readonly headers: Readonly<Record<string, string>> = JSON_HEADERS,
  ) {}

  text(): string {
    return JSON.stringify(this.body);
  }

  toResponse(): Response {
    return new Response(this.text(), { status: this.status, headers: { ...this.headers } });
  }
}

/** What a handler's `JsonAnswer` is to a server-side caller: the Response it stands for. */
export type AsServerValue<R> = R extends JsonAnswer ? Response : R;

const JSON_TEXT = Symbol('latchkey.jsonText');

/**
 * Marks `value` as already serialised: the router sends `text` instead of stringifying `value`
 * again, while `auth.api` callers get the object as usual. Only for text made from that same value.
 */
export function withJsonText<T extends object>(value: T, text: string): T {
  return Object.defineProperty(value, JSON_TEXT, { value: text });
}

export function jsonTextOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? (value as { [JSON_TEXT]?: string })[JSON_TEXT] : undefined;
}
