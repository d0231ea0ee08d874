/**
 * @module The protocol's own error answers (RFC 6749 §5.2, RFC 6750 §3, RFC 7591 §3.2.2):
 * `{error, error_description}`, never cached, which every OAuth library parses. The catalogue's
 * `{code, message}` is for the routes our web app and better-auth's client call (client and consent
 * management); the routes a relying party calls answer in this shape, as better-auth's do.
 */

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

export function oauthErrorResponse(error: OAuthError): Response {
  return oauthJson({ error: error.error, error_description: error.description }, error.status, error.headers);
}

/**
 * A protocol answer: JSON, never stored by a cache (RFC 6749 §5.1). Built with `new Response`, not
 * the static `Response.json`: @hono/node-server replaces the global `Response` with a subclass
 * whose static `json` still makes the original class, which the router's `instanceof Response`
 * then refuses, so a Node server answered `{}` in its stead.
 */
export function oauthJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', pragma: 'no-cache', ...headers },
  });
}

/** Runs a protocol route's work, answering its OAuthError in the RFC's shape; anything else propagates. */
export async function answeringOAuthErrors(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OAuthError) return oauthErrorResponse(error);
    throw error;
  }
}
