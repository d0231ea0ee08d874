/**
 * @module Raw bytes over a TCP socket, for requests no HTTP client would send (bad framing,
 * invalid header bytes, lying lengths).
 */
import { connect, type Socket } from 'node:net';

export interface RawExchange {
  /** Everything the server sent before closing (or before the time limit). */
  response: string;
  /** The status code of the first status line, if any. */
  status: number | undefined;
  /** Whether the server closed the connection within the time limit. */
  closed: boolean;
}

export interface RawRequestOptions {
  /** Half-close after writing, as a client that gives up on the rest of its body does. */
  end?: boolean;
  timeoutMs?: number;
  /** Leave the answer unread this long, as a slow or busy client does (the kernel holds it meanwhile). */
  readAfterMs?: number;
  /** Called once the bytes are written, before waiting for the answer. */
  afterWrite?: (socket: Socket) => void | Promise<void>;
}

export function rawRequest(
  port: number,
  bytes: string | Buffer,
  options: RawRequestOptions = {},
): Promise<RawExchange> {
  const { end = false, timeoutMs = 3000 } = options;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1');
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const response = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(response)?.[1];
      resolve({ response, status: status ? Number(status) : undefined, closed });
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => finish(true));
    // The server may reset a connection it has refused; what it sent before is what counts.
    socket.on('error', () => undefined);
    if (options.readAfterMs !== undefined) {
      socket.pause();
      setTimeout(() => socket.resume(), options.readAfterMs);
    }
    socket.on('connect', () => {
      socket.write(bytes, () => {
        if (end) socket.end();
        void options.afterWrite?.(socket);
      });
    });
  });
}
