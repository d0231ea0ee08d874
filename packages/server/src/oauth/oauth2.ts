/**
 * @module The OAuth 2.0 protocol every provider shares, on oauth4webapi: the authorization URL
 * (with PKCE where the provider supports it), the code exchange and the refresh grant, and bearer
 * requests for user info. A provider file gives its endpoints, scopes and quirks (how the client
 * authenticates, extra parameters, a token response to mend) and maps the profile; nothing else.
 *
 * `http:` endpoints are spoken to only on a loopback host (development and the tests' emulators);
 * the configuration refuses them anywhere else (`endpoint-url.ts`).
 */
import * as oauth from 'oauth4webapi';
import type { AuthorizationRequest, CodeExchange, ProviderTokens } from './provider';

export type ClientAuthStyle = 'basic' | 'post' | 'none' | oauth.ClientAuth;

export interface OAuth2Settings {
  clientId: string;
  clientSecret?: string | undefined;
  /** The provider's name for the client id, in the authorization URL and the token body (TikTok's `client_key`). */
  clientIdParam?: string | undefined;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** OpenID Connect providers: the issuer id_tokens from the token endpoint are checked against. */
  issuer?: string | undefined;
  /** The id_token signature algorithm when it is not RS256 (Roblox signs with ES256). */
  idTokenAlgorithm?: string | undefined;
  /** How the client proves itself at the token endpoint; `post` unless the provider wants otherwise. */
  clientAuth?: ClientAuthStyle | undefined;
  pkce: boolean;
  /** Most providers separate scopes with a space; a few (Facebook, TikTok) with a comma. */
  scopeSeparator?: string | undefined;
  /** Further authorization parameters (`access_type=offline`, `response_mode=form_post`, …). */
  authorizationParams?: Readonly<Record<string, string>> | undefined;
  /** Further token-request parameters (VK's `device_id`). */
  tokenParams?: ((exchange: CodeExchange) => Record<string, string>) | undefined;
  /** For a provider whose token response bends the standard (no `token_type`, say). */
  mendTokenResponse?: ((json: Record<string, unknown>) => Record<string, unknown>) | undefined;
}

const REQUEST_TIMEOUT_MS = 10_000;

export function isLoopbackURL(url: string | URL): boolean {
  const { hostname } = typeof url === 'string' ? new URL(url) : url;
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * HTTP Basic with the id and secret form-encoded as URLSearchParams (and better-auth) encode them,
 * leaving `-`, `_`, `.` and `*` as they are. oauth4webapi's ClientSecretBasic escapes those too,
 * which RFC 6749 allows but which providers such as X and Google do not decode, and their
 * secrets carry `-` and `_`.
 */
function clientSecretBasic(clientSecret: string): oauth.ClientAuth {
  const encode = (value: string) => new URLSearchParams({ v: value }).toString().slice('v='.length);
  return (_as, client, _body, headers) => {
    headers.set(
      'authorization',
      `Basic ${Buffer.from(`${encode(client.client_id)}:${encode(clientSecret)}`).toString('base64')}`,
    );
  };
}

function clientAuthOf(settings: OAuth2Settings): oauth.ClientAuth {
  const style = settings.clientAuth ?? 'post';
  if (typeof style === 'function') return style;
  const name = settings.clientIdParam;
  if (name !== undefined && style !== 'basic') {
    // oauth4webapi would send `client_id`, which such a provider does not read.
    const secret = style === 'post' ? settings.clientSecret : undefined;
    return (_as, _client, body) => {
      body.set(name, settings.clientId);
      if (secret !== undefined) body.set('client_secret', secret);
    };
  }
  if (style === 'none' || settings.clientSecret === undefined) return oauth.None();
  return style === 'basic' ? clientSecretBasic(settings.clientSecret) : oauth.ClientSecretPost(settings.clientSecret);
}

function serverOf(settings: OAuth2Settings): oauth.AuthorizationServer {
  return {
    issuer: settings.issuer ?? new URL(settings.tokenEndpoint).origin,
    authorization_endpoint: settings.authorizationEndpoint,
    token_endpoint: settings.tokenEndpoint,
  };
}

function clientOf(settings: OAuth2Settings): oauth.Client {
  const client: oauth.Client = { client_id: settings.clientId };
  if (settings.idTokenAlgorithm !== undefined) client.id_token_signed_response_alg = settings.idTokenAlgorithm;
  return client;
}

/** The options of every token request (OAuth 2.0's and OpenID Connect's): a time limit, plain http on loopback only, and any mending. */
export function tokenRequestOptions(
  url: string,
  mend?: OAuth2Settings['mendTokenResponse'],
): oauth.TokenEndpointRequestOptions {
  const options: oauth.TokenEndpointRequestOptions = {
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    [oauth.allowInsecureRequests]: isLoopbackURL(url),
  };
  if (mend) {
    options[oauth.customFetch] = async (input, init) => {
      const response = await fetch(input, init);
      if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) return response;
      const json = mend((await response.json()) as Record<string, unknown>);
      return new Response(JSON.stringify(json), {
        status: response.status,
        headers: { 'content-type': 'application/json' },
      });
    };
  }
  return options;
}

export async function createAuthorizationURL(settings: OAuth2Settings, request: AuthorizationRequest): Promise<URL> {
  const url = new URL(settings.authorizationEndpoint);
  const params = url.searchParams;
  params.set('response_type', 'code');
  params.set(settings.clientIdParam ?? 'client_id', settings.clientId);
  params.set('redirect_uri', request.redirectURI);
  params.set('state', request.state);
  if (request.scopes.length > 0) params.set('scope', request.scopes.join(settings.scopeSeparator ?? ' '));
  if (settings.pkce) {
    params.set('code_challenge', await oauth.calculatePKCECodeChallenge(request.codeVerifier));
    params.set('code_challenge_method', 'S256');
  }
  if (request.nonce !== undefined) params.set('nonce', request.nonce);
  if (request.loginHint !== undefined) params.set('login_hint', request.loginHint);
  for (const [name, value] of Object.entries(settings.authorizationParams ?? {})) params.set(name, value);
  return url;
}

/** A token response as the engine keeps it; the scopes asked for stand in when the response names none. */
export function tokensOf(response: oauth.TokenEndpointResponse, askedScopes: readonly string[]): ProviderTokens {
  const now = Date.now();
  const raw = response as unknown as Record<string, unknown>;
  const refreshExpiresIn = typeof raw.refresh_token_expires_in === 'number' ? raw.refresh_token_expires_in : null;
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token ?? null,
    idToken: response.id_token ?? null,
    accessTokenExpiresAt: typeof response.expires_in === 'number' ? new Date(now + response.expires_in * 1000) : null,
    refreshTokenExpiresAt: refreshExpiresIn === null ? null : new Date(now + refreshExpiresIn * 1000),
    scopes: typeof response.scope === 'string' ? response.scope.split(/[\s,]+/).filter(Boolean) : [...askedScopes],
    raw,
  };
}

/** Code → tokens, with the verifier when the provider takes PKCE and the nonce an id_token must carry. */
export async function exchangeCode(
  settings: OAuth2Settings,
  exchange: CodeExchange,
  askedScopes: readonly string[] = [],
): Promise<ProviderTokens> {
  const as = serverOf(settings);
  const client = clientOf(settings);
  // The state was checked by the engine already; this only brands the parameters for the grant.
  const callback = oauth.validateAuthResponse(
    as,
    client,
    new URLSearchParams({ code: exchange.code }),
    oauth.skipStateCheck,
  );
  const options = tokenRequestOptions(settings.tokenEndpoint, settings.mendTokenResponse);
  const extra = settings.tokenParams?.(exchange);
  if (extra) options.additionalParameters = extra;
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    clientAuthOf(settings),
    callback,
    exchange.redirectURI,
    settings.pkce ? exchange.codeVerifier : oauth.nopkce,
    options,
  );
  // The engine sends a nonce with every authorization request; only an id_token can carry it back,
  // and oauth4webapi would demand one if a nonce were expected of a response without any.
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { id_token?: unknown } | null;
  const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
    expectedNonce: typeof body?.id_token === 'string' ? (exchange.nonce ?? oauth.expectNoNonce) : oauth.expectNoNonce,
    requireIdToken: false,
  });
  return tokensOf(result, askedScopes);
}

/** `additionalParameters`: what a provider wants beside the refresh token (VK ID's `device_id`). */
export async function refreshTokens(
  settings: OAuth2Settings,
  refreshToken: string,
  additionalParameters?: Record<string, string>,
): Promise<ProviderTokens> {
  const as = serverOf(settings);
  const client = clientOf(settings);
  const options = tokenRequestOptions(settings.tokenEndpoint, settings.mendTokenResponse);
  if (additionalParameters) options.additionalParameters = additionalParameters;
  const response = await oauth.refreshTokenGrantRequest(as, client, clientAuthOf(settings), refreshToken, options);
  const tokens = tokensOf(await oauth.processRefreshTokenResponse(as, client, response), []);
  // Most providers keep the refresh token when they do not send a new one.
  return tokens.refreshToken === null ? { ...tokens, refreshToken } : tokens;
}

/**
 * A JSON resource read with the access token (user info, GitHub's e-mails). Null when the provider
 * answers anything but a 2xx JSON: the flow then reports `unable_to_get_user_info`.
 */
export async function fetchJson(
  url: string,
  accessToken: string | null,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (accessToken !== null) headers.authorization = `Bearer ${accessToken}`;
  const response = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!response.ok) return null;
  try {
    return await response.json();
  } catch {
    return null;
  }
}
