/**
 * @module The HTTP side: one Hono app built once at start-up. Each route runs origin and
 * content-type checks, the rate limit and the body cap before the shared endpoint runner; every
 * failure leaves as a catalogue entry, and anything unexpected as a logged, bare 500. Whatever
 * the answer, success, error or redirect, it carries the cookies queued while handling it.
 */
import { Hono } from 'hono';
import { getPath } from 'hono/utils/url';
import type { AuthContext } from '../context';
import type { AnyEndpoint } from '../endpoint';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AuthError, ERRORS } from '../errors';
import { DEFAULTS } from '../options';
import { runEndpoint } from '../run-endpoint';
import { clientIpOf } from './client-ip';
import { RequestCookies, ResponseCookies } from './cookies';
import { checkContentType, checkOrigin } from './origin-check';
import { enforceRateLimit } from './rate-limit';
import { readFormBody, readJsonBody } from './read-body';

export interface RequestInfo {
  /** The socket's peer address; the standalone server passes it. */
  clientIp?: string;
}

export type AuthHandler = (request: Request, info?: RequestInfo) => Promise<Response>;

/** `//sign-in/email/` routes, and is rate-limited, as `/sign-in/email`. */
function normalizedPath(request: Request): string {
  const path = getPath(request).replace(/\/{2,}/g, '/');
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
function toResponse(value: unknown, fromForm: boolean, cookies: ResponseCookies): Response {
  if (value instanceof Response) return withCookies(value, cookies);
  const target = fromForm ? redirectTarget(value) : null;
  // Built here, its headers are ours to add to: no copy on the hot path (get-session sets a cache).
  const response =
    target !== null
      ? new Response(null, { status: 303, headers: { location: target, 'cache-control': 'no-store' } })
      : new Response(JSON.stringify(value ?? null), {
          headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
        });
  for (const cookie of cookies.headers) response.headers.append('set-cookie', cookie);
  return response;
}

/** For a Response made elsewhere (`Response.redirect()`, an error's), whose headers may be immutable. */
function withCookies(response: Response, cookies: ResponseCookies): Response {
  if (cookies.size === 0) return response;
  const copy = new Response(response.body, response);
  for (const cookie of cookies.headers) copy.headers.append('set-cookie', cookie);
  return copy;
}

/** Long enough for a database restart or a failover, short enough that a client does not give up. */
const RETRY_AFTER_SECONDS = 5;

function errorResponse(auth: AuthContext, error: unknown): Response {
  if (error instanceof AuthError) return error.toResponse();
  if (isDatabaseUnavailable(error)) {
    auth.logger.warn({ err: error }, 'The database is unreachable: answered 503');
    return new AuthError(ERRORS.serviceUnavailable, {
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    }).toResponse();
  }
  auth.logger.error({ err: error }, 'Unexpected error while handling a request');
  return new AuthError(ERRORS.internal).toResponse();
}

export function createRouter(auth: AuthContext, endpoints: readonly AnyEndpoint[]): AuthHandler {
  const { options } = auth;
  const app = new Hono<{ Bindings: RequestInfo }>({ getPath: normalizedPath });

  for (const endpoint of endpoints) {
    if (endpoint.serverOnly) continue;
    // Counted per route, not per concrete path: a path parameter (a token, an id) must not give
    // each guess a counter of its own. Spellings like `//sign-in/email/` match the same route.
    const route = options.basePath + endpoint.path;
    app.on(endpoint.method, route, async (c) => {
      const request = c.req.raw;
      const { headers } = request;
      const requestCookies = new RequestCookies(headers.get('cookie'));
      const cookies = new ResponseCookies();
      try {
        if (!endpoint.crossSiteCallback) {
          checkOrigin(options, request.method, headers, {
            hasCookies: requestCookies.present,
            checkWithoutCookies: endpoint.checkOriginWithoutCookies ?? false,
          });
        }
        const bodyType = checkContentType(request.method, headers, endpoint.acceptsForm ?? false);
        const clientIp = clientIpOf(c.env?.clientIp, headers, options.trustedProxies);
        await enforceRateLimit(auth, endpoint.rateLimit ?? 'default', clientIp, route);
        let body: unknown;
        if (endpoint.method === 'POST') {
          body =
            bodyType === 'form'
              ? await readFormBody(request, DEFAULTS.maxBodyBytes, endpoint.body)
              : await readJsonBody(request, DEFAULTS.maxBodyBytes);
        }
        const value = await runEndpoint(auth, endpoint, {
          body,
          query: endpoint.query ? c.req.query() : undefined,
          params: c.req.param() as Record<string, string>,
          headers,
          clientIp,
          requestCookies,
          cookies,
          serverCall: false,
        });
        return toResponse(value, bodyType === 'form', cookies);
      } catch (error) {
        // An expired session's clearing, a refused request's refreshed cache: queued before the failure, sent with it.
        return withCookies(errorResponse(auth, error), cookies);
      }
    });
  }

  app.notFound(() => new AuthError(ERRORS.notFound).toResponse());
  app.onError((error) => errorResponse(auth, error));

  return async (request, info) => {
    try {
      return await app.fetch(request, info ?? {});
    } catch (error) {
      auth.logger.error({ err: error }, 'Request failed outside the router');
      return new AuthError(ERRORS.internal).toResponse();
    }
  };
}
