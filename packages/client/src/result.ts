/**
 * @module What every client call resolves to: `{ data, error }`, never a rejection, so callers
 * branch on `error` the way better-auth's client users already do.
 */

/** Codes the client itself produces; everything else is the server's catalogue code. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'UNKNOWN_ERROR';

export interface ClientError {
  /** The HTTP status; 0 when no answer arrived. */
  status: number;
  code: ClientErrorCode | (string & {});
  message: string;
  details?: unknown;
}

export type ClientResult<T> = { data: T; error: null } | { data: null; error: ClientError };

export function networkError(cause: unknown): { data: null; error: ClientError } {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return {
    data: null,
    error: { status: 0, code: 'NETWORK_ERROR', message: `Could not reach the auth server: ${reason}`, details: cause },
  };
}

/** The server answers errors as `{ code, message }`; anything else keeps the status and text. */
export function errorFromResponse(
  status: number,
  statusText: string,
  body: unknown,
): { data: null; error: ClientError } {
  if (body && typeof body === 'object' && 'code' in body) {
    const { code, message, ...rest } = body as { code: unknown; message?: unknown };
    const error: ClientError = {
      status,
      code: String(code),
      message: typeof message === 'string' ? message : statusText,
    };
    if (Object.keys(rest).length > 0) error.details = rest;
    return { data: null, error };
  }
  return {
    data: null,
    error: {
      status,
      code: 'UNKNOWN_ERROR',
      message: typeof body === 'string' && body ? body : statusText,
      details: body,
    },
  };
}
