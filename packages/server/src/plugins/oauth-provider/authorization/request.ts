/**
 * @module The authorization request (RFC 6749 §4.1.1 with OAuth 2.1's PKCE, OIDC Core §3.1.2.1's
 * prompt, max_age and nonce, RFC 8707's resource) checked in better-auth's order. Until the client
 * and its redirect URI are known, a failure goes to the server's error page; after, to the redirect
 * URI with `state` and `iss`. Either way it is thrown as an `AuthorizationRedirect`.
 */
import type { PluginHost } from '../../../plugin';
import { isPublicClient, type OAuthClient } from '../clients/client';
import { resolveClient } from '../clients/metadata-document';
import { scopesOf } from '../json-list';
import { OAuthError, type OAuthErrorCode } from '../oauth-error';
import type { ResolvedOAuthProviderOptions } from '../options';
import { clientErrorUrl, errorPageUrl } from './answer';
import { matchRedirectUri } from './redirect-uri';

export type Prompt = 'none' | 'login' | 'consent' | 'create' | 'select_account';
const PROMPTS: ReadonlySet<string> = new Set<Prompt>(['none', 'login', 'consent', 'create', 'select_account']);

export interface AuthorizationRequest {
  /** The parameters, the default scope filled in: what the login and consent pages' links carry. */
  readonly params: URLSearchParams;
  readonly client: OAuthClient;
  readonly redirectUri: string;
  readonly state: string | null;
  readonly scopes: readonly string[];
  readonly prompts: ReadonlySet<Prompt>;
  /** Seconds (OIDC `max_age`), or null. */
  readonly maxAge: number | null;
  readonly nonce: string | null;
  readonly codeChallenge: string | null;
  readonly resources: readonly string[];
}

/** Where a refused request sends the browser, and why. */
export class AuthorizationRedirect extends Error {
  constructor(
    readonly url: string,
    readonly error: string,
    readonly clientId: string | null,
  ) {
    super(error);
  }
}

/** RFC 7636 §4.2: an S256 challenge is 43 base64url characters; the grammar allows up to 128. */
const CODE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

/** OIDC Core §3.1.2.1: the prompts asked for; values we do not know are ignored, as better-auth does. */
export function promptsOf(prompt: string | null): Set<Prompt> {
  return new Set((prompt ?? '').split(' ').filter((value): value is Prompt => PROMPTS.has(value)));
}

async function trustedClient(
  auth: PluginHost,
  options: ResolvedOAuthProviderOptions,
  params: URLSearchParams,
): Promise<[OAuthClient, string]> {
  const clientId = params.get('client_id');
  const refuse = (error: string, description: string): never => {
    throw new AuthorizationRedirect(errorPageUrl(auth, error, description), error, clientId);
  };
  if (!clientId) return refuse('invalid_client', 'client_id is required');
  let client: OAuthClient | null;
  try {
    client = await resolveClient(auth, options, clientId);
  } catch (error) {
    // A metadata document that could not be fetched or broke a rule: the error page says which.
    if (error instanceof OAuthError) return refuse(error.error, error.description);
    throw error;
  }
  if (!client) return refuse('invalid_client', 'client_id is required');
  if (client.disabled) return refuse('client_disabled', 'client is disabled');
  if (!client.grantTypes.includes('authorization_code'))
    return refuse('unauthorized_client', 'client is not authorized to use the authorization_code grant');
  const requested = params.get('redirect_uri');
  if (!requested || !matchRedirectUri(client.redirectUris, requested))
    return refuse('invalid_redirect', 'invalid redirect uri');
  return [client, requested];
}

/** The request, or an AuthorizationRedirect saying where its refusal goes. */
export async function parseAuthorizationRequest(
  auth: PluginHost,
  options: ResolvedOAuthProviderOptions,
  given: URLSearchParams,
): Promise<AuthorizationRequest> {
  const params = new URLSearchParams(given);
  const [client, redirectUri] = await trustedClient(auth, options, params);
  const state = params.get('state');
  const refuse = (error: OAuthErrorCode, description: string): never => {
    const url = clientErrorUrl(redirectUri, error, description, state, options.issuer(auth));
    throw new AuthorizationRedirect(url, error, client.clientId);
  };

  const responseType = params.get('response_type');
  if (!responseType) refuse('invalid_request', 'response_type is required');
  if (responseType !== 'code') refuse('unsupported_response_type', 'unsupported response type');

  const prompts = promptsOf(params.get('prompt'));
  // OIDC Core §3.1.2.1: `none` with any other value is an error.
  if (prompts.has('none') && prompts.size > 1) refuse('invalid_request', 'prompt none cannot be combined');
  if (prompts.has('select_account') && options.selectAccountPage(auth) === null) {
    const url = errorPageUrl(auth, 'unsupported_prompt_select_account', 'unsupported prompt type');
    throw new AuthorizationRedirect(url, 'unsupported_prompt_select_account', client.clientId);
  }

  // The client asks within what it was registered for, and that within what the server has now.
  const supported = options.supportedScopes(auth);
  const allowed = new Set((client.scopes ?? supported).filter((scope) => supported.includes(scope)));
  let scopes = scopesOf(params.get('scope'));
  const unknown = scopes.filter((scope) => !allowed.has(scope));
  if (unknown.length) refuse('invalid_scope', `The following scopes are invalid: ${unknown.join(', ')}`);
  if (scopes.length === 0) {
    scopes = [...allowed];
    params.set('scope', scopes.join(' '));
  }

  // RFC 8707 §2: a token may only be bound to a resource the server serves; `resource` may repeat.
  const resources = [...new Set(params.getAll('resource'))];
  if (resources.some((resource) => !options.resources.includes(resource)))
    refuse('invalid_target', 'requested resource invalid');

  const nonce = params.get('nonce');
  const codeChallenge = params.get('code_challenge');
  const method = params.get('code_challenge_method');
  const pkceRequired = pkceRequirement(client, scopes, nonce);
  if (pkceRequired && (!codeChallenge || !method)) refuse('invalid_request', pkceRequired);
  if (codeChallenge || method) {
    if (!codeChallenge || !method)
      refuse('invalid_request', 'code_challenge and code_challenge_method must both be provided');
    // `plain` would send the verifier itself through the front channel: OAuth 2.1 §4.1.1 keeps S256.
    if (method !== 'S256') refuse('invalid_request', 'invalid code_challenge method, only S256 is supported');
    if (!CODE_CHALLENGE.test(codeChallenge!)) refuse('invalid_request', 'invalid code_challenge');
  }

  const maxAgeText = params.get('max_age');
  if (maxAgeText !== null && !/^\d{1,10}$/.test(maxAgeText)) refuse('invalid_request', 'max_age must be whole seconds');

  return {
    params,
    client,
    redirectUri,
    state,
    scopes,
    prompts,
    maxAge: maxAgeText === null ? null : Number(maxAgeText),
    nonce,
    codeChallenge,
    resources,
  };
}

/**
 * better-auth's `isPKCERequired`: a public client always (the code is its only proof); a refresh
 * token's request unless an OpenID nonce binds it; and every client that asked for PKCE.
 */
function pkceRequirement(client: OAuthClient, scopes: readonly string[], nonce: string | null): string | null {
  if (isPublicClient(client)) return 'pkce is required for public clients';
  if (scopes.includes('offline_access') && !(scopes.includes('openid') && nonce))
    return 'pkce or OIDC nonce is required when requesting offline_access scope';
  if (client.requirePKCE) return 'pkce is required for this client';
  return null;
}
