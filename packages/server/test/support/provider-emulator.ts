/**
 * @module A provider's servers in miniature, for the providers whose real servers cannot run here:
 * a loopback HTTP server whose routes answer with the provider's documented response shapes, and
 * which records every request so a test can check what was sent (the code, the verifier, how the
 * client authenticated).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The body as sent; `form` parsed when it was urlencoded. */
  body: string;
  form: URLSearchParams;
}

export interface EmulatedResponse {
  status?: number;
  json?: unknown;
  headers?: Record<string, string>;
}

export type Route = (request: RecordedRequest) => EmulatedResponse | Promise<EmulatedResponse>;

export interface ProviderEmulator {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: RecordedRequest[];
  /** The requests to one path, in order. */
  to(path: string): RecordedRequest[];
  close(): Promise<void>;
}

/** Routes are keyed `METHOD /path`; anything else answers 404. */
export async function startProviderEmulator(routes: Record<string, Route>): Promise<ProviderEmulator> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const body = Buffer.concat(chunks).toString('utf8');
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body,
          form: new URLSearchParams((req.headers['content-type'] ?? '').includes('urlencoded') ? body : ''),
        };
        requests.push(recorded);
        const route = routes[`${recorded.method} ${recorded.path}`];
        const answer: EmulatedResponse = route ? await route(recorded) : { status: 404, json: { error: 'not_found' } };
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
        res.end(answer.json === undefined ? '' : JSON.stringify(answer.json));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    to: (path) => requests.filter((r) => r.path === path),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
