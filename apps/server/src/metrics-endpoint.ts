/**
 * @module Where Prometheus reads the metrics: `GET /metrics` on the main port for a bearer token
 * (METRICS_TOKEN), or on a listener of its own bound to 127.0.0.1 (METRICS_PORT), which nothing
 * outside the host can reach and which therefore asks for no token.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { AuthError, ERRORS, type ErrorEntry } from '@latchkey/server';
import type { Metrics } from './metrics';

export const METRICS_PATH = '/metrics';

/** A route of the main server (http-server.ts): `GET /metrics` for the token's holder. */
export type NodeRoute = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

export function metricsRoute(metrics: Metrics, token: string): NodeRoute {
  const expected = digest(token);
  return async (request, response) => {
    if (!bearerMatches(request.headers.authorization, expected)) {
      return answerError(response, ERRORS.unauthorized, { 'www-authenticate': 'Bearer realm="metrics"' });
    }
    await answerMetrics(metrics, response);
  };
}

/**
 * Digests of equal length compared in constant time: neither the token's characters nor its
 * length leak through the time a refusal takes.
 */
export function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = header === undefined ? null : /^Bearer +(\S+) *$/i.exec(header);
  return timingSafeEqual(digest(match?.[1] ?? ''), expected) && match !== null;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

async function answerMetrics(metrics: Metrics, response: ServerResponse): Promise<void> {
  const text = await metrics.render();
  response.writeHead(200, {
    'content-type': metrics.contentType,
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(text)),
  });
  response.end(text);
}

function answerError(response: ServerResponse, entry: ErrorEntry, headers: Record<string, string> = {}): void {
  const failure = new AuthError(entry);
  const body = JSON.stringify(failure.toJSON());
  response.writeHead(failure.status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(body)),
    ...headers,
  });
  response.end(body);
}

/** The loopback listener of METRICS_PORT: `/metrics` and nothing else. */
export async function listenForMetrics(
  metrics: Metrics,
  port: number,
  onError: (error: unknown) => void,
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?', 1)[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD'))
      return answerError(response, ERRORS.notFound);
    answerMetrics(metrics, response).catch((error: unknown) => {
      onError(error);
      if (!response.headersSent) answerError(response, ERRORS.internal);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', onError);
  return server;
}
