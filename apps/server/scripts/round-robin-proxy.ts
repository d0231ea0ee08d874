/**
 * @module The load balancer of the scale-out demo (`npm run scale-demo`) and of the cluster tests: each request goes to the next instance in
 * turn, with `X-Forwarded-For` extended by the client's socket address, as a proxy the instances
 * trust (TRUSTED_PROXIES) would. Like a real balancer, a request an instance refuses to connect
 * (one that has stopped accepting) is sent to the next instead; one it accepted is never resent.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';

export interface RoundRobinProxy {
  readonly url: string;
  /** Where each request went, by upstream port, in order. */
  readonly routed: number[];
  close(): Promise<void>;
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
    const send = (attempt: number) => {
      const upstream = upstreamPorts[next++ % upstreamPorts.length]!;
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
        if (error.code === 'ECONNREFUSED' && attempt < upstreamPorts.length) return send(attempt + 1);
        if (!outgoing.headersSent) outgoing.writeHead(502).end();
        else outgoing.destroy();
      });
      proxied.end(body);
    };
    send(1);
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
