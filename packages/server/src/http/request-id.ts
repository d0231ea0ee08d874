/**
 * @module The id a host gave a request, read from its `X-Request-Id` header, so that the engine's
 * error logs name the request the host's access log and the client's answer name. The engine never
 * makes one (the host decides which incoming ids to trust, and sets the header on what it hands
 * over); it only refuses to log a value that is not an id's shape, since anyone can send the header
 * to a library mounted without such a host.
 */
import type { RequestHeaders } from './transport';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * UUIDs, ULIDs, hex, base64 and the `Root=1-…` of some load balancers fit; spaces, quotes, line
 * breaks and anything long enough to flood a log line do not.
 */
const REQUEST_ID_FORM = /^[A-Za-z0-9._:+/=-]{1,128}$/;

export function isRequestId(value: string): boolean {
  return REQUEST_ID_FORM.test(value);
}

/** Read only when something is logged: the hot path pays nothing for it. */
export function requestIdOf(headers: RequestHeaders): string | undefined {
  const value = headers.get(REQUEST_ID_HEADER);
  return value !== null && isRequestId(value) ? value : undefined;
}
