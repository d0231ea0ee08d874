/**
 * @module The OpenID Connect protocol the OIDC-based providers share, on oauth4webapi and jose:
 * discovery (read once, on first use, so start-up needs no network), the authorization URL with
 * nonce and PKCE, the code exchange whose id_token oauth4webapi checks (issuer, audience, expiry,
 * nonce) and whose signature is checked here against the provider's JWKS, the profile from the
 * id_token and userinfo, refresh, and the signature check of an id_token a client already holds,
 * against the provider's JWKS.
 *
 * Plain `http:` is accepted only on a loopback host: a configured URL elsewhere is refused when the
 * provider is built, a discovered one when the discovery document is read.
 */
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import * as oauth from 'oauth4webapi';
import { createAuthorizationURL, isLoopbackURL, tokenRequestOptions, tokensOf, type ClientAuthStyle } from './oauth2';
import type { AuthorizationRequest, CodeExchange, IdTokenInput, ProviderEndpoints, ProviderTokens } from './provider';

export interface OidcSettings {
  clientId: string;
  clientSecret?: string | undefined;
  /** The issuer id_tokens must name; discovery is read from it when an endpoint is not known. */
  issuer: string;
  /** The provider's fixed endpoints and the configured overrides; discovery fills in the rest. */
  endpoints?: Partial<ProviderEndpoints> | undefined;
  /** `post` by default; Apple's is a function that signs a client secret. A discovered provider picks from its document. */
  clientAuth?: ClientAuthStyle | undefined;
  pkce: boolean;
  /** Every scope the provider asks for unless the caller adds more. */
  scopes: readonly string[];
  authorizationParams?: Readonly<Record<string, string>> | undefined;
  /** Sent beside a refresh token (Entra ID wants the scopes again). */
  refreshParams?: Readonly<Record<string, string>> | undefined;
  /** Read the profile from the userinfo endpoint as well as from the id_token. */
  userInfo?: boolean | undefined;
  /** The `aud` an id_token held by a client may name (a native app's own id); the client id by default. */
  audience?: readonly string[] | undefined;
  /** For an issuer that varies per user (Entra ID's `common`): the issuer these claims must name. */
  issuerOf?: ((claims: JWTPayload) => string) | undefined;
  /** The provider's own check of an id_token's claims (Entra ID's tenant, Google's hosted domain). */
  verifyClaims?: ((claims: JWTPayload) => boolean) | undefined;
  /** Apple's native SDKs put the SHA-256 (hex) of the nonce into the token instead of the nonce. */
  nonceComparison?: 'exact' | 'exact-or-sha256' | undefined;
  /** The oldest `iat` accepted for an id_token held by a client (`1h` for Google, Apple, Entra ID). */
  maxTokenAge?: string | undefined;
  /** For a token response that bends the standard (Twitch's scope list is an array). */
  mendTokenResponse?: ((json: Record<string, unknown>) => Record<string, unknown>) | undefined;
}

export interface OidcClient {
  createAuthorizationURL(request: AuthorizationRequest): Promise<URL>;
  validateAuthorizationCode(exchange: CodeExchange): Promise<ProviderTokens>;
  refreshAccessToken(refreshToken: string): Promise<ProviderTokens>;
  /**
   * The user's claims: the id_token's (checked at the token endpoint, or by `verifyIdToken` for one a
   * client held) with userinfo's over them. Null when there are none, or the provider's own claim
   * check or the userinfo request fails.
   */
  claims(tokens: ProviderTokens): Promise<Record<string, unknown> | null>;
  verifyIdToken(input: IdTokenInput): Promise<boolean>;
  /** The JWKS URL: configured, else discovered (throws when discovery fails). */
  signingKeysURL(): Promise<string>;
}

const REQUEST_TIMEOUT_MS = 10_000;
const SIGNING_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

/** oauth4webapi's default, between the provider's clock and the host's. */
const CLOCK_TOLERANCE_S = 30;

/** The algorithms the provider advertises that Latchkey accepts, else all those; never `none` or HMAC. */
function algorithmsOf(as: oauth.AuthorizationServer): string[] {
  const advertised = as.id_token_signing_alg_values_supported?.filter((alg) => SIGNING_ALGORITHMS.includes(alg));
  return advertised && advertised.length > 0 ? advertised : SIGNING_ALGORITHMS;
}

/** A provider URL must be https unless it is on loopback (development and the tests' servers). */
export function assertSecureURL(url: string, what: string): void {
  const parsed = new URL(url);
  if (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopbackURL(parsed))) return;
  throw new Error(`Latchkey: the provider's ${what} must be an https URL (http only on a loopback host): ${url}`);
}

export function createOidcClient(settings: OidcSettings): OidcClient {
  const fixed = Object.fromEntries(
    Object.entries(settings.endpoints ?? {}).filter(([, url]) => url !== undefined),
  ) as Partial<ProviderEndpoints>;
  assertSecureURL(settings.issuer, 'issuer');
  for (const [name, url] of Object.entries(fixed)) assertSecureURL(url, `${name} endpoint`);
  const client: oauth.Client = { client_id: settings.clientId };
  let metadata: Promise<oauth.AuthorizationServer> | undefined;
  let keys: ReturnType<typeof createRemoteJWKSet> | undefined;

  /** The provider's metadata: its fixed endpoints, else discovery, read once (again after a failure). */
  const server = (): Promise<oauth.AuthorizationServer> => {
    metadata ??= discover(settings.issuer, fixed).catch((error: unknown) => {
      metadata = undefined;
      throw error;
    });
    return metadata;
  };
  const jwks = async () => (keys ??= createRemoteJWKSet(new URL(required((await server()).jwks_uri, 'jwks_uri'))));
  /** Throws unless the provider's keys signed `token` for this client. */
  const verifySignature = async (token: string, issuer: string, audience: string, as: oauth.AuthorizationServer) => {
    await jwtVerify(token, await jwks(), {
      issuer,
      audience,
      algorithms: algorithmsOf(as),
      // oauth4webapi's tolerance for the claims it checked already.
      clockTolerance: CLOCK_TOLERANCE_S,
    });
  };
  const clientAuth = async () =>
    clientAuthOf(settings.clientAuth ?? authStyleOf(await server()), settings.clientSecret);

  /** The issuer the id_token in this token response must name, when it depends on the token. */
  const checkedAgainst = async (
    as: oauth.AuthorizationServer,
    response: Response,
  ): Promise<oauth.AuthorizationServer> => {
    if (!settings.issuerOf) return as;
    const json = (await response
      .clone()
      .json()
      .catch(() => null)) as { id_token?: unknown } | null;
    if (typeof json?.id_token !== 'string') return as;
    return { ...as, issuer: settings.issuerOf(decodeJwt(json.id_token)) };
  };

  return {
    signingKeysURL: async () => required((await server()).jwks_uri, 'jwks_uri'),

    async createAuthorizationURL(request) {
      const as = await server();
      return createAuthorizationURL(
        {
          clientId: settings.clientId,
          authorizationEndpoint: required(as.authorization_endpoint, 'authorization_endpoint'),
          tokenEndpoint: required(as.token_endpoint, 'token_endpoint'),
          pkce: settings.pkce,
          authorizationParams: settings.authorizationParams,
        },
        { ...request, scopes: [...new Set([...settings.scopes, ...request.scopes])] },
      );
    },

    async validateAuthorizationCode(exchange) {
      const as = await server();
      // The engine checked the state; the callback URL is per provider, so RFC 9207's `iss` adds nothing here.
      const callback = oauth.validateAuthResponse(
        { ...as, authorization_response_iss_parameter_supported: false },
        client,
        new URLSearchParams({ code: exchange.code }),
        oauth.skipStateCheck,
      );
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        await clientAuth(),
        callback,
        exchange.redirectURI,
        settings.pkce ? exchange.codeVerifier : oauth.nopkce,
        tokenRequestOptions(required(as.token_endpoint, 'token_endpoint'), settings.mendTokenResponse),
      );
      const checked = await checkedAgainst(as, response);
      const result = await oauth.processAuthorizationCodeResponse(checked, client, response, {
        expectedNonce: exchange.nonce ?? oauth.expectNoNonce,
        requireIdToken: true,
      });
      // oauth4webapi leaves the id_token's signature unchecked (the token endpoint is reached over
      // TLS), yet the profile is read from that token: a token endpoint that is not the provider's
      // (a misconfigured or hijacked URL, a proxy on the way) could name any user. Only a token the
      // provider's keys signed names one; else the exchange fails as a bad code does.
      if (result.id_token === undefined) throw new Error('Latchkey: the token response has no id_token');
      await verifySignature(result.id_token, checked.issuer, settings.clientId, checked);
      return tokensOf(result, settings.scopes);
    },

    async refreshAccessToken(refreshToken) {
      const as = await server();
      const options = tokenRequestOptions(required(as.token_endpoint, 'token_endpoint'), settings.mendTokenResponse);
      if (settings.refreshParams) options.additionalParameters = { ...settings.refreshParams };
      const response = await oauth.refreshTokenGrantRequest(as, client, await clientAuth(), refreshToken, options);
      const tokens = tokensOf(
        await oauth.processRefreshTokenResponse(await checkedAgainst(as, response), client, response),
        [],
      );
      // Most providers keep the refresh token when they send no new one.
      return tokens.refreshToken === null ? { ...tokens, refreshToken } : tokens;
    },

    async claims(tokens) {
      const fromIdToken = tokens.idToken === null ? null : decodeOrNull(tokens.idToken);
      if (fromIdToken && settings.verifyClaims && !settings.verifyClaims(fromIdToken)) return null;
      const as = settings.userInfo && tokens.accessToken !== null ? await server() : null;
      if (as?.userinfo_endpoint === undefined || tokens.accessToken === null) return fromIdToken;
      try {
        const response = await oauth.userInfoRequest(as, client, tokens.accessToken, {
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          [oauth.allowInsecureRequests]: isLoopbackURL(as.userinfo_endpoint),
        });
        // userinfo must describe the id_token's subject, or someone else's token was answered.
        const info = await oauth.processUserInfoResponse(
          as,
          client,
          typeof fromIdToken?.sub === 'string' ? fromIdToken.sub : oauth.skipSubjectCheck,
          response,
        );
        return { ...fromIdToken, ...info };
      } catch {
        return null;
      }
    },

    async verifyIdToken(input) {
      try {
        const as = await server();
        const issuer = settings.issuerOf ? settings.issuerOf(decodeJwt(input.token)) : as.issuer;
        const { payload } = await jwtVerify(input.token, await jwks(), {
          issuer,
          audience: settings.audience && settings.audience.length > 0 ? [...settings.audience] : settings.clientId,
          algorithms: algorithmsOf(as),
          maxTokenAge: settings.maxTokenAge,
          requiredClaims: ['sub', 'exp'],
        });
        if (
          input.nonce !== undefined &&
          !(await nonceMatches(payload.nonce, input.nonce, settings.nonceComparison ?? 'exact'))
        )
          return false;
        return settings.verifyClaims ? settings.verifyClaims(payload) : true;
      } catch {
        // Fail closed: a key that cannot be fetched is as good as a bad signature.
        return false;
      }
    },
  };
}

async function discover(issuer: string, fixed: Partial<ProviderEndpoints>): Promise<oauth.AuthorizationServer> {
  const known: oauth.AuthorizationServer = {
    issuer,
    authorization_endpoint: fixed.authorization,
    token_endpoint: fixed.token,
    jwks_uri: fixed.jwks,
    userinfo_endpoint: fixed.userInfo,
  };
  if (fixed.authorization && fixed.token && fixed.jwks) return known;
  const issuerURL = new URL(issuer);
  const response = await oauth.discoveryRequest(issuerURL, {
    algorithm: 'oidc',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    [oauth.allowInsecureRequests]: isLoopbackURL(issuerURL),
  });
  const document = await oauth.processDiscoveryResponse(issuerURL, response);
  const merged = { ...document, ...Object.fromEntries(Object.entries(known).filter(([, url]) => url !== undefined)) };
  for (const name of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'userinfo_endpoint'] as const) {
    const url = merged[name];
    if (url !== undefined) assertSecureURL(url, name);
  }
  return merged;
}

function required(url: string | undefined, name: string): string {
  if (url === undefined) throw new Error(`Latchkey: the OpenID provider's discovery document has no ${name}`);
  return url;
}

/** A discovered provider's client authentication: `client_secret_post` when offered, else the specification's default, basic. */
function authStyleOf(as: oauth.AuthorizationServer): ClientAuthStyle {
  const methods = as.token_endpoint_auth_methods_supported;
  return methods === undefined || methods.includes('client_secret_post') ? 'post' : 'basic';
}

function clientAuthOf(style: ClientAuthStyle, secret: string | undefined): oauth.ClientAuth {
  if (typeof style === 'function') return style;
  if (style === 'none' || secret === undefined) return oauth.None();
  return style === 'basic' ? oauth.ClientSecretBasic(secret) : oauth.ClientSecretPost(secret);
}

function decodeOrNull(token: string): JWTPayload | null {
  try {
    return decodeJwt(token);
  } catch {
    return null;
  }
}

async function nonceMatches(claim: unknown, nonce: string, comparison: 'exact' | 'exact-or-sha256'): Promise<boolean> {
  if (typeof claim !== 'string') return false;
  if (claim === nonce) return true;
  if (comparison !== 'exact-or-sha256') return false;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(nonce)));
  return claim === Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** `email_verified` is a boolean by the specification, the string "true" at Apple and Cognito. */
export function claimIsTrue(value: unknown): boolean {
  return value === true || value === 'true';
}
