/**
 * @module The Node HTTP server around the engine's Node handler: paths under the base path go to
 * the engine, which answers from Node's request and response directly, and so do the OAuth
 * provider's discovery documents at the origin's root (discovery-locations.ts); `GET /api/dev/outbox` lists the development
 * outbox when there is one; the server's own routes (`/readyz`, `/metrics`) answer their exact paths; other `/api`
 * paths are a JSON 404; everything else is the web app. Every request gets an id (request-id.ts), returned in its
 * `X-Request-Id` and set on the headers the engine reads, so the engine's error logs name it too; and is logged once
 * (request-log.ts). Requests that Node cannot even parse are answered here (400, or 408, 413, 431 where Node says
 * why) from the transport's catalogue, since they never reach a handler.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import {
  AuthError,
  ERRORS,
  REQUEST_ID_HEADER,
  STRICT_TRANSPORT_SECURITY,
  type ErrorEntry,
  type NodeHandler,
  type OutboxMailer,
} from '@latchkey/server';
import { discoveryLocations } from './discovery-locations';
import { requestIdFor } from './request-id';
import type { LogRequest } from './request-log';
import { TRANSPORT_ERRORS } from './transport-errors';
import type { WebApp } from './web-app';

/** Outside the engine's base path: the outbox belongs to the deployable, not to the auth API. */
const OUTBOX_PATH = '/api/dev/outbox';

export interface ServerLogger {
  debug(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** One of the server's own routes, answered from Node's request and response. */
export type ServerRoute = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

export interface HttpServerInput {
  /** The engine's Node handler: the API is answered straight from Node's request and response. */
  handler: NodeHandler;
  /** `/api/auth`: the engine's routes all live below it. */
  basePath: string;
  logger: ServerLogger;
  /** The development outbox; absent (production, or SMTP configured): its route answers 404. */
  outbox?: OutboxMailer | undefined;
  /** The built web app, served outside `/api`; absent: those paths answer 404 too. */
  webApp?: WebApp | undefined;
  /** Proxies whose `X-Request-Id` is kept, written as `normalizeIp` writes them. */
  trustedProxies?: ReadonlySet<string>;
  /** Logs each request once; absent: none is. */
  logRequest?: LogRequest | undefined;
  /** GET and HEAD of these exact paths (outside the base path): `/readyz`, `/metrics`. */
  routes?: ReadonlyMap<string, ServerRoute>;
  /**
   * BASE_URL is https: every answer carries Strict-Transport-Security, the server's own (files,
   * `/readyz`, 404s, refused requests) as the engine's (which sets it itself, strict-transport.ts).
   */
  strictTransport?: boolean;
}

export interface HttpServer {
  readonly server: Server;
  /**
   * Stops accepting, lets in-flight requests finish (their connections then close instead of
   * idling in keep-alive), and after `timeoutMs` cuts whatever is left.
   */
  close(timeoutMs: number): Promise<void>;
}

export function createHttpServer({
  handler,
  basePath,
  logger,
  outbox,
  webApp,
  trustedProxies = new Set(),
  logRequest,
  routes = new Map(),
  strictTransport = false,
}: HttpServerInput): HttpServer {
  let closing = false;
  const discovery = discoveryLocations(basePath);
  // The rest (the outbox, the web app's files) is web-standard, through Hono's Node adapter.
  const others = getRequestListener(async (request) => {
    if (outbox && request.method === 'GET' && pathOf(request.url) === OUTBOX_PATH) return listOutbox(outbox);
    return webApp && !isUnderBasePath(request.url, '/api')
      ? webApp(request)
      : new AuthError(ERRORS.notFound).toResponse();
  });
  const server = createServer((request, response) => {
    if (closing) response.shouldKeepAlive = false;
    const requestId = requestIdFor(request, trustedProxies);
    // Replaces whatever the client sent: the engine logs this header's value (request-id.ts).
    request.headers[REQUEST_ID_HEADER] = requestId;
    response.setHeader(REQUEST_ID_HEADER, requestId);
    // Before anything is written, so no answer leaves without it: each writeHead merges it in.
    if (strictTransport) response.setHeader('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    logRequest?.(request, response, requestId);
    const url = request.url ?? '/';
    if (!isUsableHost(request.headers.host)) answerBadHost(response);
    else if (isUnderBasePath(url, basePath)) void handler(request, response);
    else {
      const document = ownRoute(discovery, request.method, url);
      const route = routes.size > 0 ? ownRoute(routes, request.method, url) : undefined;
      if (document) {
        // The engine answers from the request's path: it is given its own route's.
        request.url = document;
        void handler(request, response);
      } else if (route) void runRoute(route, request, response, logger, requestId);
      else void others(request, response);
    }
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) =>
    answerClientError(error, socket, logger, strictTransport),
  );

  return {
    server,
    close: (timeoutMs) =>
      new Promise<void>((resolve) => {
        closing = true;
        const cutoff = setTimeout(() => server.closeAllConnections(), timeoutMs);
        cutoff.unref();
        server.close(() => {
          clearTimeout(cutoff);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

function ownRoute<T>(routes: ReadonlyMap<string, T>, method: string | undefined, url: string): T | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  const path = pathOf(url.startsWith('/') ? `http://localhost${url}` : url);
  return path === undefined ? undefined : routes.get(path);
}

async function runRoute(
  route: ServerRoute,
  request: IncomingMessage,
  response: ServerResponse,
  logger: ServerLogger,
  requestId: string,
): Promise<void> {
  try {
    await route(request, response);
  } catch (error) {
    logger.error({ err: error, requestId }, 'Unexpected error while handling a request');
    if (response.headersSent) return void response.destroy();
    const failure = new AuthError(ERRORS.internal);
    response.writeHead(failure.status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(failure.toJSON()));
  }
}

let lastUsableHost: string | undefined;

/**
 * Node accepts any Host; one that cannot name an origin (`[::`) makes the request malformed, as it
 * would make the URL of a web-standard Request. Clients send the same Host on every request, so the
 * last one that passed is remembered and the check costs a comparison.
 */
function isUsableHost(host: string | undefined): boolean {
  if (host === lastUsableHost) return true;
  if (host === undefined || !URL.canParse(`http://${host}`)) return false;
  lastUsableHost = host;
  return true;
}

function answerBadHost(response: ServerResponse): void {
  const failure = new AuthError(TRANSPORT_ERRORS.badRequest);
  response.shouldKeepAlive = false;
  response.writeHead(failure.status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(failure.toJSON()));
}

/** Compares the raw path (before any decoding) with the base path, collapsing `//` as the engine does. */
export function isUnderBasePath(url: string, basePath: string): boolean {
  const path = pathOf(url.startsWith('/') ? `http://localhost${url}` : url);
  return path !== undefined && (path === basePath || path.startsWith(basePath + '/'));
}

/** The raw path of an absolute URL, without its query, with `//` collapsed. */
function pathOf(url: string): string | undefined {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  if (start === -1) return undefined;
  const query = url.indexOf('?', start);
  const path = url.slice(start, query === -1 ? undefined : query);
  return path.includes('//') ? path.replace(/\/{2,}/g, '/') : path;
}

/** Newest first, dates as ISO strings; never cached, since each mail holds a live one-time link. */
function listOutbox(outbox: OutboxMailer): Response {
  const mails = outbox
    .list()
    .map(({ id, to, subject, text, html, links, sentAt }) => ({ id, to, subject, text, html, links, sentAt }));
  return Response.json({ mails }, { headers: { 'cache-control': 'no-store' } });
}

/** Node's parser errors that are not a plain 400 Bad Request. */
const clientErrorEntries: Readonly<Record<string, ErrorEntry>> = {
  HPE_HEADER_OVERFLOW: TRANSPORT_ERRORS.requestHeaderFieldsTooLarge,
  ERR_HTTP_REQUEST_TIMEOUT: TRANSPORT_ERRORS.requestTimeout,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: TRANSPORT_ERRORS.payloadTooLarge,
};

/**
 * Once a `clientError` listener exists Node leaves the socket to us. Answer only when nothing was
 * written on it yet (a half-written response must not be followed by a second status line), and
 * always destroy it: the parser's state is unknown, so the connection cannot be reused.
 */
function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Duplex,
  logger: ServerLogger,
  strictTransport: boolean,
): void {
  logger.debug({ code: error.code, reason: error.message }, 'Refused a malformed request');
  const tcp = socket as Socket;
  if (error.code === 'ECONNRESET' || !socket.writable || tcp.bytesWritten > 0) {
    socket.destroy();
    return;
  }
  const entry = clientErrorEntries[error.code ?? ''] ?? TRANSPORT_ERRORS.badRequest;
  const body = JSON.stringify(new AuthError(entry).toJSON());
  socket.write(
    `HTTP/1.1 ${entry.status} ${entry.message}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
      (strictTransport ? `Strict-Transport-Security: ${STRICT_TRANSPORT_SECURITY}\r\n` : '') +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  tcp.destroySoon();
}
