/**
 * @module What the engine knows of an external identity provider (SPEC §1). A provider is a value
 * built once at start-up from its configuration: where to send the browser, how to turn a code
 * into tokens, how to read the user's profile, and optionally how to refresh tokens and check an
 * id_token a client already holds. Each of the seventeen providers and the generic OpenID Connect
 * one is one small file under `providers/` that returns this shape; the flows (`/sign-in/social`,
 * `/callback/{id}`, `/link-social`, `/refresh-token`) never know which provider they talk to.
 */

/** The user as the provider describes them, mapped to Latchkey's fields. */
export interface ProviderProfile {
  /** The provider's stable id of the user: the account row's `accountId`. */
  id: string;
  /** Lower-casing and validation happen in the engine; null when the provider gave none. */
  email: string | null;
  /** Only true when the provider itself asserts that it verified the address. */
  emailVerified: boolean;
  name: string;
  image: string | null;
}

export interface ProviderTokens {
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Date | null;
  refreshTokenExpiresAt: Date | null;
  /** The scopes granted, as the provider reports them (else the ones asked for). */
  scopes: string[];
  /** The whole token response: some providers put profile data in it (VK's e-mail, TikTok's open_id). */
  raw: Readonly<Record<string, unknown>>;
}

export interface AuthorizationRequest {
  state: string;
  /** PKCE verifier (SPEC §9: 128 characters); providers without PKCE ignore it. */
  codeVerifier: string;
  /** Scopes the caller asked for beyond the provider's own, which the provider adds itself. */
  scopes: string[];
  redirectURI: string;
  loginHint?: string | undefined;
  /** For OpenID Connect providers: bound into the id_token. */
  nonce?: string | undefined;
}

export interface CodeExchange {
  code: string;
  codeVerifier: string;
  redirectURI: string;
  /** VK ID sends it back to the callback and wants it with the code. */
  deviceId?: string | undefined;
  /** The nonce the authorization request carried, checked against the id_token when there is one. */
  nonce?: string | undefined;
  /**
   * Apple's form_post `user` field as posted (JSON, first authorization only, unsigned): the only
   * place Apple gives the user's name. Apple's tokens carry it on to `getUserInfo`.
   */
  user?: string | undefined;
}

export interface IdTokenInput {
  token: string;
  nonce?: string | undefined;
  accessToken?: string | undefined;
  refreshToken?: string | undefined;
  expiresAt?: number | undefined;
}

export interface OAuthProvider {
  /** The `provider` of `/sign-in/social` and the `{id}` of `/callback/{id}`. */
  readonly id: string;
  /** The label of the web app's button. */
  readonly name: string;
  /**
   * Whether an e-mail this provider asserts as verified may link the identity to an existing local
   * user with that address (the account-takeover guard of issue #13). Defaults per provider.
   */
  readonly trustedForLinking: boolean;
  /** Apple answers the callback with a cross-site form POST (`response_mode=form_post`). */
  readonly formPostCallback?: boolean;
  /** No user is created from this provider: only existing (linked or linkable) users sign in. */
  readonly disableSignUp?: boolean;
  /** A user is created only when the sign-in asked for it (`requestSignUp: true`). */
  readonly disableImplicitSignUp?: boolean;

  createAuthorizationURL(request: AuthorizationRequest): Promise<URL>;
  validateAuthorizationCode(exchange: CodeExchange): Promise<ProviderTokens>;
  /** Null when the provider answered no usable profile. */
  getUserInfo(tokens: ProviderTokens): Promise<ProviderProfile | null>;
  refreshAccessToken?(refreshToken: string): Promise<ProviderTokens>;
  /** For providers that can check an id_token held by the client: false when it does not verify. */
  verifyIdToken?(input: IdTokenInput): Promise<boolean>;
  /**
   * OpenID Connect providers: where the provider publishes its signing keys (its JWKS), read from
   * its discovery document when not configured. It needs no user, so an operator's check
   * (`latchkey doctor`) can reach the very URLs sign-in will.
   */
  signingKeysURL?(): Promise<string>;
}

/** How every provider is configured; providers add their own fields (Apple's key, a tenant). */
export interface ProviderCredentials {
  clientId: string;
  clientSecret?: string | undefined;
  /** Replace the default scopes' additions; the provider's required scopes stay. */
  scopes?: readonly string[] | undefined;
  /** Endpoint overrides: self-hosted GitLab, and the tests' emulators. */
  endpoints?: Partial<ProviderEndpoints> | undefined;
  /** Overrides `trustedForLinking`. */
  trustedForLinking?: boolean | undefined;
  disableSignUp?: boolean | undefined;
  disableImplicitSignUp?: boolean | undefined;
}

export interface ProviderEndpoints {
  authorization: string;
  token: string;
  userInfo: string;
  /** OpenID Connect providers: the issuer and its signing keys, for id_token checks. */
  issuer: string;
  jwks: string;
}
