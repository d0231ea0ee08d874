/**
 * @module The oauth-provider plugin's options and its constants (`OAUTH_PROVIDER_DEFAULTS`), resolved
 * once. Lifetimes are `@better-auth/oauth-provider` 1.7's defaults, in seconds; the pages are the
 * web app's, resolved against the auth's base URL's origin.
 */
import { keepsOrganizations, type PluginHost } from '../../plugin';

export const SIGNING_ALGORITHMS = ['EdDSA', 'ES256', 'RS256'] as const;
export type SigningAlgorithm = (typeof SIGNING_ALGORITHMS)[number];

export const DYNAMIC_REGISTRATION_MODES = ['off', 'authenticated', 'open'] as const;
export type DynamicRegistrationMode = (typeof DYNAMIC_REGISTRATION_MODES)[number];

/** The scopes every installation has: OpenID Connect's, and refresh tokens'. */
export const STANDARD_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;

/** The scope of the user's organizations (organization/claims.ts), supported while a plugin keeps them. */
export const ORGANIZATION_SCOPE = 'organization';

export const OAUTH_PROVIDER_DEFAULTS = Object.freeze({
  loginPage: '/sign-in',
  consentPage: '/consent',
  devicePage: '/device',
  /** Where `prompt=create` sends the user (better-auth's `signup.page`). */
  signUpPage: '/sign-up',
  /** An authorization code's life (better-auth's `codeExpiresIn`). */
  codeExpiresIn: 10 * 60,
  /** A device authorization request's life (better-auth's device-authorization `expiresIn`). */
  deviceCodeExpiresIn: 30 * 60,
  /** Seconds a device waits between polls (RFC 8628 §3.2 `interval`, better-auth's `interval`). */
  deviceCodeInterval: 5,
  /** How long a signed `oauth_query` (the login and consent pages' link) stays good. */
  signedQueryExpiresIn: 10 * 60,
  accessTokenExpiresIn: 60 * 60,
  /** A client_credentials token's life. */
  m2mAccessTokenExpiresIn: 60 * 60,
  idTokenExpiresIn: 10 * 60 * 60,
  refreshTokenExpiresIn: 30 * 24 * 60 * 60,
  /** The longest life a private_key_jwt assertion may claim. */
  assertionMaxLifetime: 5 * 60,
  signingAlgorithm: 'EdDSA' as SigningAlgorithm,
  /** A signing key signs for this long, then the next one takes over. */
  keyRotationInterval: 90 * 24 * 60 * 60,
  dynamicRegistration: 'off' as DynamicRegistrationMode,
  /** Clients named by an https client_id whose document we fetch (CIMD): MCP's preferred registration. */
  clientIdMetadataDocuments: true,
  /** Random bytes of a client secret, a code, an opaque token (base64url: 43 characters). */
  secretBytes: 32,
  /**
   * Members whose organization role grants `organization: update` (owner and admin by default)
   * manage clients owned by that organization (better-auth's `clientReference`), while a plugin
   * keeps organizations.
   */
  organizationClients: true,
});

export interface OAuthProviderOptions {
  /** Scopes beyond `openid profile email offline_access` (and `organization` when that plugin is on). */
  scopes?: readonly string[];
  /** RFC 8707 resource identifiers for which access tokens are JWTs (RFC 9068) with that `aud`. */
  resources?: readonly string[];
  /** Who may register clients at POST /oauth2/register (RFC 7591). Default `off`. */
  dynamicRegistration?: DynamicRegistrationMode;
  /**
   * Accept a client_id that is the https URL of its Client ID Metadata Document
   * (draft-ietf-oauth-client-id-metadata-document), fetched and kept as a client. Default on.
   */
  clientIdMetadataDocuments?: boolean;
  /**
   * Let an organization's owners and admins (whoever its roles grant `organization: update`)
   * register and manage clients owned by the organization. Default on; it matters only while a
   * plugin keeps organizations.
   */
  organizationClients?: boolean;
  /** The algorithm new signing keys use. Default EdDSA (Ed25519). */
  signingAlgorithm?: SigningAlgorithm;
  /** Seconds a signing key signs before the next one replaces it. */
  keyRotationInterval?: number;
  /** The web app's pages the authorization sends the user to. */
  loginPage?: string;
  consentPage?: string;
  devicePage?: string;
  signUpPage?: string;
  /**
   * Where `prompt=select_account` sends the user (better-auth's `selectAccount.page`); without it
   * that prompt is refused, as better-auth refuses it.
   */
  selectAccountPage?: string;
  codeExpiresIn?: number;
  deviceCodeExpiresIn?: number;
  deviceCodeInterval?: number;
  accessTokenExpiresIn?: number;
  m2mAccessTokenExpiresIn?: number;
  idTokenExpiresIn?: number;
  refreshTokenExpiresIn?: number;
}

export interface ResolvedOAuthProviderOptions {
  /** The configured scopes; what is supported is `supportedScopes`. */
  readonly scopes: readonly string[];
  /** The configured scopes, and `organization` while a plugin keeps organizations. */
  supportedScopes(auth: PluginHost): readonly string[];
  readonly resources: readonly string[];
  readonly dynamicRegistration: DynamicRegistrationMode;
  readonly clientIdMetadataDocuments: boolean;
  readonly organizationClients: boolean;
  readonly signingAlgorithm: SigningAlgorithm;
  readonly keyRotationInterval: number;
  readonly codeExpiresIn: number;
  readonly deviceCodeExpiresIn: number;
  readonly deviceCodeInterval: number;
  readonly signedQueryExpiresIn: number;
  readonly accessTokenExpiresIn: number;
  readonly m2mAccessTokenExpiresIn: number;
  readonly idTokenExpiresIn: number;
  readonly refreshTokenExpiresIn: number;
  readonly assertionMaxLifetime: number;
  /** `{baseURL}{basePath}`: the `iss` of every token and metadata document. */
  issuer(auth: PluginHost): string;
  /** A page's absolute URL: the login, consent and device pages live on the web app's origin. */
  page(auth: PluginHost, which: 'login' | 'consent' | 'device' | 'signUp'): string;
  /** The select-account page's absolute URL, or null when none is configured. */
  selectAccountPage(auth: PluginHost): string | null;
}

function seconds(name: string, value: number | undefined, fallback: number): number {
  const resolved = value ?? fallback;
  if (!Number.isInteger(resolved) || resolved < 1)
    throw new Error(`Latchkey: ${name} must be a whole number of seconds`);
  return resolved;
}

export function resolveOAuthProviderOptions(options: OAuthProviderOptions = {}): ResolvedOAuthProviderOptions {
  const d = OAUTH_PROVIDER_DEFAULTS;
  const extra = (options.scopes ?? []).map((scope) => scope.trim()).filter(Boolean);
  for (const scope of extra) {
    // RFC 6749 §3.3: a scope token is printable ASCII without space, quote or backslash.
    if (!/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope)) throw new Error(`Latchkey: "${scope}" is not a valid OAuth scope`);
  }
  for (const resource of options.resources ?? []) {
    let url: URL;
    try {
      url = new URL(resource);
    } catch {
      throw new Error(`Latchkey: the OAuth resource "${resource}" is not an absolute URI`);
    }
    // RFC 8707 §2: a resource indicator has no fragment.
    if (url.hash) throw new Error(`Latchkey: the OAuth resource "${resource}" must not have a fragment`);
  }
  const pages = {
    login: options.loginPage ?? d.loginPage,
    consent: options.consentPage ?? d.consentPage,
    device: options.devicePage ?? d.devicePage,
    signUp: options.signUpPage ?? d.signUpPage,
  };
  const { selectAccountPage } = options;
  const scopes = Object.freeze([...new Set([...STANDARD_SCOPES, ...extra])]);
  const withOrganization = Object.freeze([...new Set([...scopes, ORGANIZATION_SCOPE])]);
  return Object.freeze({
    scopes,
    supportedScopes: (auth: PluginHost) => (keepsOrganizations(auth) ? withOrganization : scopes),
    resources: Object.freeze([...(options.resources ?? [])]),
    dynamicRegistration: options.dynamicRegistration ?? d.dynamicRegistration,
    clientIdMetadataDocuments: options.clientIdMetadataDocuments ?? d.clientIdMetadataDocuments,
    organizationClients: options.organizationClients ?? d.organizationClients,
    signingAlgorithm: options.signingAlgorithm ?? d.signingAlgorithm,
    keyRotationInterval: seconds('keyRotationInterval', options.keyRotationInterval, d.keyRotationInterval),
    codeExpiresIn: seconds('codeExpiresIn', options.codeExpiresIn, d.codeExpiresIn),
    deviceCodeExpiresIn: seconds('deviceCodeExpiresIn', options.deviceCodeExpiresIn, d.deviceCodeExpiresIn),
    deviceCodeInterval: seconds('deviceCodeInterval', options.deviceCodeInterval, d.deviceCodeInterval),
    signedQueryExpiresIn: d.signedQueryExpiresIn,
    accessTokenExpiresIn: seconds('accessTokenExpiresIn', options.accessTokenExpiresIn, d.accessTokenExpiresIn),
    m2mAccessTokenExpiresIn: seconds(
      'm2mAccessTokenExpiresIn',
      options.m2mAccessTokenExpiresIn,
      d.m2mAccessTokenExpiresIn,
    ),
    idTokenExpiresIn: seconds('idTokenExpiresIn', options.idTokenExpiresIn, d.idTokenExpiresIn),
    refreshTokenExpiresIn: seconds('refreshTokenExpiresIn', options.refreshTokenExpiresIn, d.refreshTokenExpiresIn),
    assertionMaxLifetime: d.assertionMaxLifetime,
    issuer: (auth: PluginHost) => auth.options.baseURL + auth.options.basePath,
    page: (auth: PluginHost, which: keyof typeof pages) => new URL(pages[which], auth.options.baseOrigin).href,
    selectAccountPage: (auth: PluginHost) =>
      selectAccountPage === undefined ? null : new URL(selectAccountPage, auth.options.baseOrigin).href,
  });
}
