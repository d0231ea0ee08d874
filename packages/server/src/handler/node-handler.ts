/**
 * @module The Node handler, `(IncomingMessage, ServerResponse) => Promise<void>`, for node:http
 * servers (the standalone server, Express, Fastify's raw routes). It hands the router Node's own
 * headers and writes a JSON answer with one `writeHead` and one `end`, as a bare node:http server
 * does: no Request, Response or stream is built on the hot path (DESIGN.md "Speed").
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { AuthError, ERRORS } from '../endpoint/errors';
import { DEFAULTS, type Logger } from '../auth/options';
import { requestIdOf } from '../http/request-id';
import type { Answer, Dispatch, RequestHeaders } from '../http/transport';

export type NodeHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/** Node lower-cases header names and joins repeated ones already (cookies with `; `). */
class NodeRequestHeaders implements RequestHeaders {
  readonly #raw: IncomingHttpHeaders;

  constructor(raw: IncomingHttpHeaders) {
    this.#raw = raw;
  }

  get(name: string): string | null {
    const value = this.#raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }
}

/**
 * The body under the cap. Past it the request is refused with 413 and the connection closed, but
 * only once the client has sent the rest (or after `oversizedBodyDrainMs`): closing a socket the
 * client still writes to resets the connection, its write fails, and a client that has not read
 * the 413 yet loses it. What arrives meanwhile is discarded, never buffered.
 */
function readNodeText(request: IncomingMessage, response: ServerResponse, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] | undefined = [];
    let total = 0;
    let drainTimer: NodeJS.Timeout | undefined;
    const refuse = () => {
      clearTimeout(drainTimer);
      response.shouldKeepAlive = false;
      reject(new AuthError(ERRORS.payloadTooLarge));
    };
    const drain = () => {
      chunks = undefined;
      drainTimer = setTimeout(refuse, DEFAULTS.oversizedBodyDrainMs);
    };
    request.on('data', (chunk: Buffer) => {
      if (chunks === undefined) return;
      total += chunk.byteLength;
      if (total <= maxBytes) chunks.push(chunk);
      else drain();
    });
    request.once('end', () => (chunks === undefined ? refuse() : resolve(Buffer.concat(chunks).toString('utf8'))));
    // The client went away or broke its framing mid-body: its request is malformed, not our fault.
    request.once('error', () => {
      clearTimeout(drainTimer);
      reject(new AuthError(ERRORS.invalidBody, { details: [{ path: '', message: 'Body could not be read' }] }));
    });
    if (Number(request.headers['content-length']) > maxBytes) drain();
  });
}

async function writeAnswer(response: ServerResponse, answer: Answer): Promise<void> {
  const cookies = [...answer.cookies];
  if ('response' in answer) {
    const { status, headers } = answer.response;
    const head: Record<string, string | string[]> = {};
    for (const [name, value] of headers) if (name !== 'set-cookie') head[name] = value;
    const setCookies = [...headers.getSetCookie(), ...cookies];
    if (setCookies.length > 0) head['set-cookie'] = setCookies;
    const body = Buffer.from(await answer.response.arrayBuffer());
    head['content-length'] = String(body.byteLength);
    response.writeHead(status, head);
    response.end(body);
    return;
  }
  const { status, headers, body } = answer;
  const head: Record<string, string | string[]> = {
    ...headers,
    'content-length': String(body === null ? 0 : Buffer.byteLength(body)),
  };
  if (cookies.length > 0) head['set-cookie'] = cookies;
  // For HEAD, Node sends the headers and drops the body itself.
  response.writeHead(status, head);
  response.end(body ?? undefined);
}

/** `alwaysHeaders` go on every answer, errors included (strict-transport.ts). */
export function createNodeHandler(
  dispatch: Dispatch,
  logger: Logger,
  alwaysHeaders: Readonly<Record<string, string>> = {},
): NodeHandler {
  const always = Object.entries(alwaysHeaders);
  return async (request, response) => {
    // Set before anything is written: every writeHead below merges them in.
    for (const [name, value] of always) response.setHeader(name, value);
    const headers = new NodeRequestHeaders(request.headers);
    try {
      const answer = await dispatch({
        method: request.method ?? 'GET',
        target: request.url ?? '/',
        headers,
        clientIp: request.socket.remoteAddress,
        readBody: (maxBytes) => readNodeText(request, response, maxBytes),
      });
      await writeAnswer(response, answer);
    } catch (error) {
      const requestId = requestIdOf(headers);
      logger.error({ err: error, ...(requestId && { requestId }) }, 'Request failed outside the router');
      if (response.headersSent) return void response.destroy();
      const failure = new AuthError(ERRORS.internal);
      response.writeHead(failure.status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(failure.toJSON()));
    }
  };
}
