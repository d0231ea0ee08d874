/**
 * @module The load balancer of the scale-out demo (`npm run scale-demo`) and of the cluster tests:
 * each request goes to the next instance in turn, with `X-Forwarded-For` extended by the client's
 * socket address, as a proxy the instances
 * trust (TRUSTED_PROXIES) would. Like a real balancer, a request an instance could not take (one
 * that has stopped accepting) is sent to the next instead (`retryable`).
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';

export interface RoundRobinProxy {
  readonly url: string;
  /** Where each request went, by upstream port, in order. */
  readonly routed: number[];
  close(): Promise<void>;
}

/**
 * What a balancer such as nginx (`proxy_next_upstream error`) resends to the next instance: a
 * refused connection, never processed; and a reset before any answer for a request that may be
 * repeated (GET, HEAD) — an instance that stops listening resets the connections still waiting to
 * be accepted. A POST that was sent is never resent: it may have been processed.
 */
function retryable(error: NodeJS.ErrnoException, method = 'GET'): boolean {
  if (error.code === 'ECONNREFUSED') return true;
  return (method === 'GET' || method === 'HEAD') && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
}

async function readBody(incoming: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `port` 0 (the default) takes any free one; `url` says which. */
export async function startRoundRobinProxy(upstreamPorts: readonly number[], port = 0): Promise<RoundRobinProxy> {
  const routed: number[] = [];
  let next = 0;
  const server: Server = createServer(async (incoming, outgoing) => {
    const body = await readBody(incoming);
    const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    // A retry goes to the instance after the one that failed, not to whichever is next in turn
    // (which, with other requests in flight, could be the failed one again).
    const send = (index: number, attempt: number) => {
      const upstream = upstreamPorts[index % upstreamPorts.length]!;
      const proxied = request(
        {
          host: '127.0.0.1',
          port: upstream,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor },
          agent: false,
        },
        (response) => {
          routed.push(upstream);
          outgoing.writeHead(response.statusCode ?? 502, response.headers);
          response.pipe(outgoing);
        },
      );
      proxied.on('error', (error: NodeJS.ErrnoException) => {
        if (retryable(error, incoming.method) && !outgoing.headersSent && attempt < upstreamPorts.length)
          return send(index + 1, attempt + 1);
        if (!outgoing.headersSent) outgoing.writeHead(502).end(error.code);
        else outgoing.destroy();
      });
      proxied.end(body);
    };
    send(next++, 1);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`,
    routed,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
