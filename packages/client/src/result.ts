/**
 * @module What every client call resolves to: `{ data, error }`, never a rejection, so callers
 * branch on `error` the way better-auth's client users already do.
 */

/** Codes the client itself produces; everything else is the server's catalogue code. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'UNKNOWN_ERROR';

/**
 * `C` is the server's codes (`ErrorCodeOf<typeof auth>`): comparing `code` with any other string
 * does not compile. By default any string (`& {}` keeps the client's own codes offered in an
 * editor), for a server whose codes are not known.
 */
export interface ClientError<C extends string = string & {}> {
  /** The HTTP status; 0 when no answer arrived. */
  status: number;
  code: ClientErrorCode | C;
  message: string;
  details?: unknown;
}

export type ClientResult<T, C extends string = string & {}> =
  { data: T; error: null } | { data: null; error: ClientError<C> };

export function networkError(cause: unknown): { data: null; error: ClientError<never> } {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return {
    data: null,
    error: { status: 0, code: 'NETWORK_ERROR', message: `Could not reach the auth server: ${reason}`, details: cause },
  };
}

/** A failure with no code of the server's (an answer that is not `{ code, message }`, a fetcher that threw). */
export function unknownError(message: string, status = 0, details?: unknown): ClientError<never> {
  const error: ClientError<never> = { status, code: 'UNKNOWN_ERROR', message };
  if (details !== undefined) error.details = details;
  return error;
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
  return { data: null, error: unknownError(typeof body === 'string' && body ? body : statusText, status, body) };
}
