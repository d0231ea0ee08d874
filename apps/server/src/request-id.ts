/**
 * @module Each request's id, returned in its `X-Request-Id` and written in every log line about
 * it. An id the request arrives with is kept only from a trusted proxy (TRUSTED_PROXIES), whose
 * own logs then name the same request; from anyone else it is replaced, so a client cannot make its
 * requests look like another's in the logs.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isRequestId, normalizeIp, REQUEST_ID_HEADER } from '@latchkey/server';

/** `trustedProxies` written as `normalizeIp` writes socket peers. */
export function requestIdFor(request: IncomingMessage, trustedProxies: ReadonlySet<string>): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  // The peer's address is normalised only for a request that brings an id of the right form.
  if (typeof incoming === 'string' && trustedProxies.size > 0 && isRequestId(incoming)) {
    const peer = request.socket.remoteAddress;
    if (peer !== undefined && trustedProxies.has(normalizeIp(peer))) return incoming;
  }
  return randomUUID();
}
