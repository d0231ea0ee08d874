/**
 * @module What every provider file shares, so that each keeps only what is its own (endpoints,
 * scopes, quirks, its trust default and its profile mapping): the default endpoints with the
 * configured overrides, the default scopes plus the configured ones, the sign-up and linking rules a
 * deployment may override, and the protocol wired to them — OAuth 2.0 (`oauth2.ts`) or an OpenID
 * Connect client (`oidc.ts`).
 */
import { createAuthorizationURL, exchangeCode, refreshTokens, type OAuth2Settings } from '../oauth2';
import type { OidcClient } from '../oidc';
import type {
  CodeExchange,
  IdTokenInput,
  OAuthProvider,
  ProviderCredentials,
  ProviderEndpoints,
  ProviderProfile,
  ProviderTokens,
} from '../provider';

export function withEndpoints<E extends Partial<ProviderEndpoints>>(defaults: E, credentials: ProviderCredentials): E {
  const overrides = Object.fromEntries(
    Object.entries(credentials.endpoints ?? {}).filter(([, url]) => url !== undefined),
  );
  return { ...defaults, ...overrides };
}

/** `url` with `params` in its query: the user-info endpoints that are told which fields to answer. */
export function withQuery(url: string, params: Readonly<Record<string, string>>): string {
  const result = new URL(url);
  for (const [name, value] of Object.entries(params)) result.searchParams.set(name, value);
  return result.href;
}

export function scopesWith(defaults: readonly string[], credentials: ProviderCredentials): string[] {
  return [...new Set([...defaults, ...(credentials.scopes ?? [])])];
}

function accountRules(credentials: ProviderCredentials, trustedForLinking: boolean) {
  return {
    trustedForLinking: credentials.trustedForLinking ?? trustedForLinking,
    disableSignUp: credentials.disableSignUp,
    disableImplicitSignUp: credentials.disableImplicitSignUp,
  };
}

/** An OAuth 2.0 provider's endpoints; LinkedIn and Roblox, which issue id_tokens, name their issuer. */
export type OAuth2Endpoints = Pick<ProviderEndpoints, 'authorization' | 'token' | 'userInfo'> &
  Partial<Pick<ProviderEndpoints, 'issuer'>>;

/** The token calls with the provider's settings and scopes, for a provider that wraps them (VK). */
export interface OAuth2Calls {
  exchangeCode(exchange: CodeExchange): Promise<ProviderTokens>;
  refreshTokens(refreshToken: string, additionalParameters?: Record<string, string>): Promise<ProviderTokens>;
}

export interface OAuth2ProviderDefinition {
  id: string;
  name: string;
  credentials: ProviderCredentials;
  /** What the credentials may override: endpoints, added scopes and `trustedForLinking`. */
  defaults: { endpoints: OAuth2Endpoints; scopes: readonly string[]; trustedForLinking: boolean };
  /** The provider's quirks; the client, its secret, the endpoints and the issuer come from the credentials and defaults. */
  settings: Omit<OAuth2Settings, 'clientId' | 'clientSecret' | 'authorizationEndpoint' | 'tokenEndpoint' | 'issuer'>;
  /** The endpoints with the configured overrides, so that an emulator or a self-hosted instance is asked. */
  getUserInfo(tokens: ProviderTokens, endpoints: Readonly<OAuth2Endpoints>): Promise<ProviderProfile | null>;
  /** A code exchange of the provider's own, in place of the standard one. */
  exchange?: ((exchange: CodeExchange, calls: OAuth2Calls) => Promise<ProviderTokens>) | undefined;
  /** `false` for a provider that issues no refresh tokens; else a refresh of the provider's own. */
  refresh?: false | ((refreshToken: string, calls: OAuth2Calls) => Promise<ProviderTokens>) | undefined;
}

export function defineOAuth2Provider(definition: OAuth2ProviderDefinition): OAuthProvider {
  const { credentials, defaults, exchange, refresh } = definition;
  const endpoints = withEndpoints(defaults.endpoints, credentials);
  const settings: OAuth2Settings = {
    ...definition.settings,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    authorizationEndpoint: endpoints.authorization,
    tokenEndpoint: endpoints.token,
    // Only a provider that issues id_tokens names an issuer; to the others an override of one means nothing.
    issuer: defaults.endpoints.issuer === undefined ? undefined : endpoints.issuer,
  };
  const scopes = scopesWith(defaults.scopes, credentials);
  const calls: OAuth2Calls = {
    exchangeCode: (code) => exchangeCode(settings, code, scopes),
    refreshTokens: (refreshToken, additionalParameters) => refreshTokens(settings, refreshToken, additionalParameters),
  };
  return {
    id: definition.id,
    name: definition.name,
    ...accountRules(credentials, defaults.trustedForLinking),
    createAuthorizationURL: (request) =>
      createAuthorizationURL(settings, { ...request, scopes: [...new Set([...scopes, ...request.scopes])] }),
    validateAuthorizationCode: (code) => (exchange ? exchange(code, calls) : calls.exchangeCode(code)),
    ...(refresh === false
      ? {}
      : {
          refreshAccessToken: (refreshToken: string) =>
            refresh ? refresh(refreshToken, calls) : calls.refreshTokens(refreshToken),
        }),
    getUserInfo: (tokens) => definition.getUserInfo(tokens, endpoints),
  };
}

export interface OidcProviderDefinition {
  id: string;
  name: string;
  credentials: ProviderCredentials;
  /** Overridden by `credentials.trustedForLinking`. */
  trustedForLinking: boolean;
  client: OidcClient;
  formPostCallback?: boolean | undefined;
  /** `false` for a provider whose id_tokens a client may not sign in with. */
  idTokenSignIn?: boolean | undefined;
  /** A code exchange of the provider's own, in place of the client's. */
  exchange?: ((exchange: CodeExchange) => Promise<ProviderTokens>) | undefined;
  /** The user from the id_token's (and userinfo's) claims; null when they lack the user's id. */
  profile(claims: Record<string, unknown>, tokens: ProviderTokens): ProviderProfile | null;
}

export function defineOidcProvider(definition: OidcProviderDefinition): OAuthProvider {
  const { client, exchange } = definition;
  return {
    id: definition.id,
    name: definition.name,
    ...accountRules(definition.credentials, definition.trustedForLinking),
    ...(definition.formPostCallback === undefined ? {} : { formPostCallback: definition.formPostCallback }),
    createAuthorizationURL: (request) => client.createAuthorizationURL(request),
    validateAuthorizationCode: exchange ?? ((code) => client.validateAuthorizationCode(code)),
    refreshAccessToken: (refreshToken) => client.refreshAccessToken(refreshToken),
    signingKeysURL: () => client.signingKeysURL(),
    ...(definition.idTokenSignIn === false
      ? {}
      : { verifyIdToken: (input: IdTokenInput) => client.verifyIdToken(input) }),
    async getUserInfo(tokens) {
      const claims = await client.claims(tokens);
      return claims && definition.profile(claims, tokens);
    },
  };
}
