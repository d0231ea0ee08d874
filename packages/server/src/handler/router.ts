/**
 * @module The HTTP side: one route table built once at start-up (Hono's RegExpRouter). Each route
 * runs origin and content-type checks, the rate limit and the body cap before the shared endpoint
 * runner; every failure leaves as a catalogue entry, and anything unexpected as a logged, bare 500.
 * Whatever the answer, success, error or redirect, it carries the cookies queued while handling it.
 * The router speaks in calls and answers (transport.ts), not in Request and Response: the Node
 * adapter writes its answers to the socket without building either.
 */
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { getPath, tryDecodeURIComponent } from 'hono/utils/url';
import type { AuthContext } from '../auth/context';
import type { AnyEndpoint } from '../endpoint/define-endpoint';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AuthError, ERRORS } from '../endpoint/errors';
import { DEFAULTS } from '../auth/options';
import { runEndpoint } from '../endpoint/run-endpoint';
import { clientIpOf } from '../http/client-ip';
import { RequestCookies, ResponseCookies } from '../http/cookies';
import { checkContentType, checkOrigin } from './origin-check';
import { enforceRateLimit } from '../http/rate-limit';
import { parseQuery } from './list-fields';
import { parseFormBody, parseJsonBody } from './read-body';
import { requestIdOf } from '../http/request-id';
import {
  JSON_HEADERS,
  JsonAnswer,
  jsonTextOf,
  type Answer,
  type Dispatch,
  type IncomingCall,
  type PlainAnswer,
  type RequestHeaders,
} from '../http/transport';

/** The request target as an absolute URL, the form Hono's path and query helpers read. */
function absolute(target: string): string {
  return target.startsWith('/') ? `http://localhost${target}` : target;
}

/** `//sign-in/email/` routes, and is rate-limited, as `/sign-in/email`. */
function normalizedPath(url: string): string {
  const raw = getPath({ url } as Request);
  // The pattern only when it can match: a well-formed path pays an indexOf, not a regular expression.
  const path = raw.includes('//') ? raw.replace(/\/{2,}/g, '/') : raw;
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** Sign-in's answer when it was given a callbackURL: `{redirect: true, url, …}`. */
function redirectTarget(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('redirect' in value) || value.redirect !== true) return null;
  return 'url' in value && typeof value.url === 'string' ? value.url : null;
}

/**
 * A form post lands in the browser as a page: where the answer names a target (already checked
 * against the trusted origins), the browser is sent there with 303, which turns the POST into a
 * GET. A script's JSON call gets the JSON, as in better-auth.
 */
function toAnswer(value: unknown, fromForm: boolean, cookies: ResponseCookies): Answer {
  if (value instanceof Response) return { response: value, cookies: cookies.headers };
  if (value instanceof JsonAnswer)
    return { status: value.status, headers: value.headers, cookies: cookies.headers, body: value.text() };
  const target = fromForm ? redirectTarget(value) : null;
  if (target !== null) {
    return {
      status: 303,
      headers: { location: target, 'cache-control': 'no-store' },
      cookies: cookies.headers,
      body: null,
    };
  }
  return {
    status: 200,
    headers: JSON_HEADERS,
    cookies: cookies.headers,
    body: jsonTextOf(value) ?? JSON.stringify(value ?? null),
  };
}

function errorAnswer(error: AuthError, cookies: Iterable<string> = []): PlainAnswer {
  return {
    status: error.status,
    headers: error.headers ? { ...JSON_HEADERS, ...error.headers } : JSON_HEADERS,
    cookies,
    body: JSON.stringify(error.toJSON()),
  };
}

/** Long enough for a database restart or a failover, short enough that a client does not give up. */
const RETRY_AFTER_SECONDS = 5;

/** `headers` give the host's request id (request-id.ts), so a 500's log line names its request. */
function toAuthError(auth: AuthContext, error: unknown, headers: RequestHeaders): AuthError {
  if (error instanceof AuthError) return error;
  const requestId = requestIdOf(headers);
  if (isDatabaseUnavailable(error)) {
    auth.logger.warn({ err: error, ...(requestId && { requestId }) }, 'The database is unreachable: answered 503');
    return new AuthError(ERRORS.serviceUnavailable, { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });
  }
  auth.logger.error({ err: error, ...(requestId && { requestId }) }, 'Unexpected error while handling a request');
  return new AuthError(ERRORS.internal);
}

type Route = (call: IncomingCall, url: string, params: Record<string, string>) => Promise<Answer>;

function createRoute(auth: AuthContext, endpoint: AnyEndpoint, route: string): Route {
  const { options } = auth;
  return async ({ method, headers, clientIp: peer, readBody }, url, params) => {
    const requestCookies = new RequestCookies(headers.get('cookie'));
    const cookies = new ResponseCookies();
    try {
      if (!endpoint.crossSiteCallback) {
        checkOrigin(options, method, headers, {
          hasCookies: requestCookies.present,
          checkWithoutCookies: endpoint.checkOriginWithoutCookies ?? false,
        });
      }
      const bodyType = checkContentType(method, headers, endpoint.acceptsForm ?? false);
      const clientIp = clientIpOf(peer, headers, options.trustedProxies);
      const limited = enforceRateLimit(auth, endpoint.rateLimit ?? 'default', clientIp, route);
      if (limited) await limited;
      let body: unknown;
      if (endpoint.method === 'POST') {
        const text = await readBody(DEFAULTS.maxBodyBytes);
        body = bodyType === 'form' ? parseFormBody(text, endpoint.body) : parseJsonBody(text);
      }
      const value = await runEndpoint(auth, endpoint, {
        body,
        query: endpoint.query ? parseQuery(url, endpoint.query) : undefined,
        params,
        headers,
        clientIp,
        requestCookies,
        cookies,
        serverCall: false,
      });
      return toAnswer(value, bodyType === 'form', cookies);
    } catch (error) {
      // An expired session's clearing, a refused request's refreshed cache: queued before the failure, sent with it.
      return errorAnswer(toAuthError(auth, error, headers), cookies.headers);
    }
  };
}

/** The route, timed and told to the observers with its endpoint's id. */
function recorded(auth: AuthContext, routeId: string, route: Route): Route {
  return async (call, url, params) => {
    const started = performance.now();
    const answer = await route(call, url, params);
    auth.events.recordRequest({
      routeId,
      method: call.method,
      status: 'response' in answer ? answer.response.status : answer.status,
      durationMs: performance.now() - started,
    });
    return answer;
  };
}

export function createRouter(auth: AuthContext, endpoints: readonly AnyEndpoint[]): Dispatch {
  const router = new RegExpRouter<Route>();
  // Checked once here: without observers the hot path does not even read the clock.
  const observed = auth.events.observesRequests;
  for (const endpoint of endpoints) {
    if (endpoint.serverOnly) continue;
    // Counted per route, not per concrete path: a path parameter (a token, an id) must not give
    // each guess a counter of its own. Spellings like `//sign-in/email/` match the same route.
    const route = auth.options.basePath + endpoint.path;
    const handle = createRoute(auth, endpoint, route);
    router.add(endpoint.method, route, observed ? recorded(auth, endpoint.id, handle) : handle);
  }
  const notFound = (call: IncomingCall): PlainAnswer => {
    const answer = errorAnswer(new AuthError(ERRORS.notFound));
    if (observed) auth.events.recordRequest({ routeId: undefined, method: call.method, status: 404, durationMs: 0 });
    return answer;
  };

  return async (call) => {
    try {
      const url = absolute(call.target);
      // HEAD is GET without the body (the transports drop it), as in Hono and better-auth.
      const method = call.method === 'HEAD' ? 'GET' : call.method;
      const [matches, stash] = router.match(method, normalizedPath(url));
      const match = matches[0];
      if (!match) return notFound(call);
      const [route, indexes] = match;
      const params: Record<string, string> = {};
      for (const [name, index] of Object.entries(indexes)) {
        const raw = (stash as readonly string[] | undefined)?.[index as number];
        if (raw !== undefined) params[name] = tryDecodeURIComponent(raw);
      }
      return await route(call, url, params);
    } catch (error) {
      return errorAnswer(toAuthError(auth, error, call.headers));
    }
  };
}
