/**
 * A real HTTPS server on 127.0.0.1 standing for a client's site (its metadata document, its JWK
 * Set) under `.test` names, with a certificate made for the test by openssl. The auth reaches it
 * through the remote-document test seam: those names resolve to 127.0.0.1, that address is
 * trusted and the certificate's authority added — the TLS check of the name itself stays on.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FetchNetwork } from '../remote/guarded-fetch';

export const DOCUMENT_HOSTS = ['client.test', 'keys.test'] as const;

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

export interface DocumentServer {
  /** `https://{host}:{port}`. */
  origin(host?: (typeof DOCUMENT_HOSTS)[number]): string;
  /** Serves `path`; a later call replaces its answer. */
  route(path: string, handler: Route): void;
  /** Serves `body` as JSON at `path`, with these headers. */
  json(path: string, body: unknown, headers?: Record<string, string>): void;
  /** How many requests each path has had. */
  readonly hits: Map<string, number>;
  /** The seam's network: the `.test` names at this server. */
  readonly network: Partial<FetchNetwork>;
  close(): Promise<void>;
}

function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-cimd-'));
  try {
    const names = DOCUMENT_HOSTS.map((host) => `DNS:${host}`).join(',');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=client.test',
        '-addext',
        `subjectAltName=${names}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startDocumentServer(): Promise<DocumentServer> {
  const { key, cert } = selfSignedCertificate();
  const routes = new Map<string, Route>();
  const hits = new Map<string, number>();
  const server: Server = createServer({ key, cert }, (request, response) => {
    const path = new URL(request.url ?? '/', 'https://client.test').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = routes.get(path);
    if (handler) handler(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: (host = 'client.test') => `https://${host}:${port}`,
    route: (path, handler) => routes.set(path, handler),
    json(path, body, headers = {}) {
      routes.set(path, (_request, response) =>
        response.writeHead(200, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body)),
      );
    },
    hits,
    network: {
      resolve: async (hostname) => {
        if (!(DOCUMENT_HOSTS as readonly string[]).includes(hostname)) throw new Error(`${hostname}: not found`);
        return [{ address: '127.0.0.1', family: 4 }];
      },
      trustedAddresses: ['127.0.0.1'],
      ca: cert,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
