/**
 * @module The oauth-provider plugin's tables, named and shaped as `@better-auth/oauth-provider`
 * 1.7's models (`oauthClient`, `oauthConsent`, `oauthAccessToken`, `oauthRefreshToken`, and the
 * `jwks` table of better-auth's jwt plugin), so a better-auth database reads the same. Lists
 * (redirect URIs, scopes, grant types…) are JSON text, as better-auth's Kysely adapter writes them.
 *
 * Ours beyond theirs: authorization codes have a table of their own (`oauthAuthorizationCode`, not
 * the verification table) and every token carries the `grantId` of the authorization it came from
 * (the code, or the client credentials exchange), so a replayed code or refresh token revokes
 * exactly what that one authorization issued (RFC 9700 §2.2.2, §4.14.2). Secrets rest as SHA-256
 * digests (client secrets, codes, tokens: all high-entropy random strings) or sealed (private keys).
 */
import { definePluginSchema, type DatabaseOf, type ExpiringRows } from '../../plugin';

export interface OAuthClientTable {
  id: string;
  clientId: string;
  /** SHA-256 digest (hex) of the secret, shown once; null for public clients. */
  clientSecret: string | null;
  clientSecretExpiresAt: Date | null;
  disabled: boolean;
  skipConsent: boolean;
  enableEndSession: boolean;
  /** JSON string[]: the scopes the client may ask for; null is any configured scope. */
  scopes: string | null;
  /** JSON string[]: the scopes a client_credentials grant may carry (admin-assigned). */
  clientCredentialsScopes: string | null;
  userId: string | null;
  referenceId: string | null;
  name: string | null;
  uri: string | null;
  icon: string | null;
  /** JSON string[]. */
  contacts: string | null;
  tos: string | null;
  policy: string | null;
  softwareId: string | null;
  softwareVersion: string | null;
  softwareStatement: string | null;
  /** JSON string[]. */
  redirectUris: string;
  /** JSON string[]. */
  postLogoutRedirectUris: string | null;
  backchannelLogoutUri: string | null;
  backchannelLogoutSessionRequired: boolean | null;
  tokenEndpointAuthMethod: string;
  /** JSON string[]. */
  grantTypes: string;
  /** JSON string[]. */
  responseTypes: string;
  applicationType: string | null;
  requirePKCE: boolean;
  /** JSON JWK Set (private_key_jwt clients), exclusive with jwksUri. */
  jwks: string | null;
  jwksUri: string | null;
  /** JSON object: private metadata (admin-set). */
  metadata: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface OAuthConsentTable {
  id: string;
  clientId: string;
  userId: string;
  referenceId: string | null;
  /** JSON string[]: the scopes the user granted this client. */
  scopes: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface OAuthAuthorizationCodeTable {
  id: string;
  /** SHA-256 digest (hex) of the code. */
  code: string;
  clientId: string;
  userId: string;
  sessionId: string | null;
  redirectUri: string;
  /** JSON string[]. */
  scopes: string;
  codeChallenge: string | null;
  nonce: string | null;
  /** JSON string[] of RFC 8707 resources asked for at authorization. */
  resources: string | null;
  referenceId: string | null;
  authTime: Date;
  /** The grant the exchange issues under: a replayed code revokes its tokens. */
  grantId: string;
  /** Set by the one exchange that wins; a second finds it set. */
  usedAt: Date | null;
  createdAt: Date;
  expiresAt: Date;
}

export interface OAuthRefreshTokenTable {
  id: string;
  /** SHA-256 digest (hex). */
  token: string;
  clientId: string;
  sessionId: string | null;
  userId: string;
  referenceId: string | null;
  /** JSON string[]. */
  scopes: string;
  /** JSON string[]. */
  resources: string | null;
  grantId: string;
  revoked: Date | null;
  /** Set when a refresh exchanged it for the next token of its family. */
  rotatedAt: Date | null;
  authTime: Date | null;
  createdAt: Date;
  expiresAt: Date;
}

export interface OAuthAccessTokenTable {
  id: string;
  /** SHA-256 digest (hex) of an opaque token; the `jti` of a JWT one. */
  token: string;
  clientId: string;
  sessionId: string | null;
  refreshId: string | null;
  userId: string | null;
  referenceId: string | null;
  /** JSON string[]. */
  scopes: string;
  /** JSON string[]. */
  resources: string | null;
  grantId: string;
  revoked: Date | null;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * A device authorization request (RFC 8628): better-auth's `deviceCode` model with the OAuth
 * fields `oauthDeviceAuthorization()` adds, under a table of ours. The device code rests as its
 * digest; the user code, which a person types, as its normalised form (upper-case, no `-` or space).
 */
export interface OAuthDeviceCodeTable {
  id: string;
  /** SHA-256 digest (hex) of the device code. */
  deviceCode: string;
  /** Normalised: `ABCD-EFGH` as typed is `ABCDEFGH` here. */
  userCode: string;
  clientId: string;
  /** JSON string[]. */
  scopes: string;
  /** JSON string[] of RFC 8707 resources, or null. */
  resources: string | null;
  /** `pending`, then `approved` or `denied`; `redeemed` once its tokens were issued. */
  status: DeviceCodeStatus;
  /** The user who claimed the request on the verification page, and later decided it. */
  userId: string | null;
  /** The session that approved it: tokens without offline_access die with it. */
  sessionId: string | null;
  /** The organization its grant acts for: the approving session's active one, with the `organization` scope. */
  referenceId: string | null;
  expiresAt: Date;
  lastPolledAt: Date | null;
  /** Seconds the device must wait between polls; grows by 5 with every `slow_down`. */
  pollingInterval: number;
  /** The grant its tokens are issued under: a replayed device code revokes them. */
  grantId: string;
  createdAt: Date;
}

export type DeviceCodeStatus = 'pending' | 'approved' | 'denied' | 'redeemed';

/** better-auth's jwt plugin's table: one row a signing key. */
export interface JwksTable {
  id: string;
  /** JSON public JWK (with `kid`, `alg`). */
  publicKey: string;
  /** The private JWK, sealed (sealSecret). */
  privateKey: string;
  alg: string;
  createdAt: Date;
  /** When it stops being published: the last token it signed has expired by then. */
  expiresAt: Date | null;
}

export interface OAuthProviderTables {
  oauthClient: OAuthClientTable;
  oauthConsent: OAuthConsentTable;
  oauthAuthorizationCode: OAuthAuthorizationCodeTable;
  oauthRefreshToken: OAuthRefreshTokenTable;
  oauthAccessToken: OAuthAccessTokenTable;
  jwks: JwksTable;
  oauthDeviceCode: OAuthDeviceCodeTable;
}

/** No columns on user or session: the plugin's own tables. */
export const oauthProviderSchema = definePluginSchema<OAuthProviderTables>()({});

export type OAuthProviderDatabase = DatabaseOf<typeof oauthProviderSchema>;

/**
 * Rows the prune job deletes. Signing keys once their last token has expired (a current key has
 * no `expiresAt` and is kept); device requests a while after theirs.
 */
export const OAUTH_PROVIDER_EXPIRING_ROWS: readonly ExpiringRows[] = Object.freeze([
  { table: 'jwks', expiresAt: 'expiresAt' },
  // Codes and refresh tokens are kept a day past their expiry, so a late replay is still known for
  // one and still revokes the grant it belonged to (RFC 9700 §4.14.2).
  { table: 'oauthAuthorizationCode', expiresAt: 'expiresAt', keepFor: 24 * 60 * 60 },
  { table: 'oauthRefreshToken', expiresAt: 'expiresAt', keepFor: 24 * 60 * 60 },
  { table: 'oauthAccessToken', expiresAt: 'expiresAt' },
  // A device request is kept a day past its expiry, so a late poll still hears `expired_token`
  // (RFC 8628 §3.5) rather than `invalid_grant`, and the page says "expired", not "unknown".
  { table: 'oauthDeviceCode', expiresAt: 'expiresAt', keepFor: 24 * 60 * 60 },
]);
