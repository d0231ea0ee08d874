/**
 * @module The HTTP side: one Hono app built once at start-up. Each route runs origin and
 * content-type checks, the rate limit and the body cap before the shared endpoint runner; every
 * failure leaves as a catalogue entry, and anything unexpected as a logged, bare 500.
 */
import { Hono } from 'hono';
import { getPath } from 'hono/utils/url';
import type { AuthContext } from '../context';
import type { AnyEndpoint } from '../endpoint';
import { AuthError, ERRORS } from '../errors';
import { DEFAULTS } from '../options';
import { runEndpoint, type EndpointOutput } from '../run-endpoint';
import { clientIpOf } from './client-ip';
import { RequestCookies } from './cookies';
import { checkContentType, checkOrigin } from './origin-check';
import { enforceRateLimit } from './rate-limit';
import { readJsonBody } from './read-body';

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

function toResponse({ value, cookies }: EndpointOutput): Response {
  let response: Response;
  if (!(value instanceof Response)) {
    response = new Response(JSON.stringify(value ?? null), {
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    });
  } else if (cookies.size > 0) {
    // `Response.redirect()` and fetched responses have immutable headers: copy before adding cookies.
    response = new Response(value.body, value);
  } else {
    return value;
  }
  for (const cookie of cookies.headers) response.headers.append('set-cookie', cookie);
  return response;
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
      checkOrigin(options, request.method, headers, {
        hasCookies: requestCookies.present,
        checkWithoutCookies: endpoint.checkOriginWithoutCookies ?? false,
      });
      checkContentType(request.method, headers, requestCookies.present);
      const clientIp = clientIpOf(c.env?.clientIp, headers, options.trustedProxies);
      await enforceRateLimit(auth, endpoint.rateLimit ?? 'default', clientIp, route);
      const output = await runEndpoint(auth, endpoint, {
        body: endpoint.method === 'POST' ? await readJsonBody(request, DEFAULTS.maxBodyBytes) : undefined,
        query: endpoint.query ? c.req.query() : undefined,
        params: c.req.param() as Record<string, string>,
        headers,
        clientIp,
        requestCookies,
        serverCall: false,
      });
      return toResponse(output);
    });
  }

  app.notFound(() => new AuthError(ERRORS.notFound).toResponse());
  app.onError((error) => {
    if (error instanceof AuthError) return error.toResponse();
    auth.logger.error({ err: error }, 'Unexpected error while handling a request');
    return new AuthError(ERRORS.internal).toResponse();
  });

  return async (request, info) => {
    try {
      return await app.fetch(request, info ?? {});
    } catch (error) {
      auth.logger.error({ err: error }, 'Request failed outside the router');
      return new AuthError(ERRORS.internal).toResponse();
    }
  };
}
