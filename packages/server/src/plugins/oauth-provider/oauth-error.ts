/**
 * @module The protocol's own error answers (RFC 6749 §5.2, RFC 6750 §3, RFC 7591 §3.2.2):
 * `{error, error_description}`, never cached, which every OAuth library parses. The catalogue's
 * `{code, message}` is for the routes our web app and better-auth's client call (client and consent
 * management); the routes a relying party calls answer in this shape, as better-auth's do.
 */
import { JsonAnswer } from '../../plugin';

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'invalid_token'
  | 'insufficient_scope'
  | 'unsupported_token_type'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'access_denied'
  | 'authorization_pending'
  | 'slow_down'
  | 'expired_token'
  | 'login_required'
  | 'consent_required'
  | 'account_selection_required'
  | 'interaction_required'
  | 'invalid_signature'
  | 'server_error'
  | 'temporarily_unavailable';

/** Thrown by the plugin's protocol code; the route turns it into `oauthErrorResponse`. */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(`${error}: ${description}`);
  }
}

/** The error as a JSON answer, for the routes a relying party calls. */
export function oauthErrorAnswer(error: OAuthError): JsonAnswer {
  return oauthJson({ error: error.error, error_description: error.description }, error.status, error.headers);
}

/** The same as a Response, where a hook's contract asks for one (the sign-in continuation). */
export function oauthErrorResponse(error: OAuthError): Response {
  return oauthErrorAnswer(error).toResponse();
}

const PROTOCOL_HEADERS = Object.freeze({
  'content-type': 'application/json',
  'cache-control': 'no-store',
  pragma: 'no-cache',
});

/**
 * A protocol answer: JSON, never stored by a cache (RFC 6749 §5.1). A JsonAnswer, not a Response:
 * the router sends it without building a web stream (http/transport.ts says what that saves).
 */
export function oauthJson(body: unknown, status = 200, headers: Record<string, string> = {}): JsonAnswer {
  return new JsonAnswer(
    body,
    status,
    Object.keys(headers).length ? { ...PROTOCOL_HEADERS, ...headers } : PROTOCOL_HEADERS,
  );
}

/** Runs a protocol route's work, answering its OAuthError in the RFC's shape; anything else propagates. */
export async function answeringOAuthErrors<T>(work: () => Promise<T>): Promise<T | JsonAnswer> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OAuthError) return oauthErrorAnswer(error);
    throw error;
  }
}
