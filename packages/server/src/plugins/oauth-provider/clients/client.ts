/**
 * @module A registered client as the plugin's code works with it: the `oauthClient` row with its
 * JSON lists parsed, and the one lookup every protocol route starts with.
 */
import type { PluginHost } from '../../../plugin';
import { fromJsonList } from '../json-list';
import { oauthProviderSchema, type OAuthClientTable } from '../schema';

export type TokenEndpointAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';
export type GrantType =
  'authorization_code' | 'refresh_token' | 'client_credentials' | 'urn:ietf:params:oauth:grant-type:device_code';

export interface OAuthClient {
  readonly id: string;
  readonly clientId: string;
  /** The secret's digest; null for a public client. */
  readonly secretDigest: string | null;
  readonly secretExpiresAt: Date | null;
  readonly disabled: boolean;
  readonly skipConsent: boolean;
  readonly enableEndSession: boolean;
  /** The scopes it may ask for; null is any the server knows. */
  readonly scopes: readonly string[] | null;
  readonly clientCredentialsScopes: readonly string[];
  readonly userId: string | null;
  readonly referenceId: string | null;
  readonly name: string | null;
  readonly uri: string | null;
  readonly icon: string | null;
  readonly contacts: readonly string[];
  readonly tos: string | null;
  readonly policy: string | null;
  readonly softwareId: string | null;
  readonly softwareVersion: string | null;
  readonly softwareStatement: string | null;
  readonly redirectUris: readonly string[];
  readonly postLogoutRedirectUris: readonly string[];
  readonly backchannelLogoutUri: string | null;
  readonly backchannelLogoutSessionRequired: boolean;
  readonly tokenEndpointAuthMethod: TokenEndpointAuthMethod;
  readonly grantTypes: readonly GrantType[];
  readonly responseTypes: readonly string[];
  readonly applicationType: 'web' | 'native' | null;
  readonly requirePKCE: boolean;
  /** The client's public keys (private_key_jwt), a JWK Set. */
  readonly jwks: { keys: Record<string, unknown>[] } | null;
  readonly jwksUri: string | null;
  readonly metadata: Record<string, unknown> | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A client that holds no secret (RFC 6749 §2.1): PKCE is its only proof at the token endpoint. */
export function isPublicClient(client: OAuthClient): boolean {
  return client.tokenEndpointAuthMethod === 'none';
}

function parseObject<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function toOAuthClient(row: OAuthClientTable): OAuthClient {
  return {
    id: row.id,
    clientId: row.clientId,
    secretDigest: row.clientSecret,
    secretExpiresAt: row.clientSecretExpiresAt,
    disabled: row.disabled,
    skipConsent: row.skipConsent,
    enableEndSession: row.enableEndSession,
    scopes: row.scopes === null ? null : fromJsonList(row.scopes),
    clientCredentialsScopes: fromJsonList(row.clientCredentialsScopes),
    userId: row.userId,
    referenceId: row.referenceId,
    name: row.name,
    uri: row.uri,
    icon: row.icon,
    contacts: fromJsonList(row.contacts),
    tos: row.tos,
    policy: row.policy,
    softwareId: row.softwareId,
    softwareVersion: row.softwareVersion,
    softwareStatement: row.softwareStatement,
    redirectUris: fromJsonList(row.redirectUris),
    postLogoutRedirectUris: fromJsonList(row.postLogoutRedirectUris),
    backchannelLogoutUri: row.backchannelLogoutUri,
    backchannelLogoutSessionRequired: row.backchannelLogoutSessionRequired ?? false,
    tokenEndpointAuthMethod: row.tokenEndpointAuthMethod as TokenEndpointAuthMethod,
    grantTypes: fromJsonList(row.grantTypes) as GrantType[],
    responseTypes: fromJsonList(row.responseTypes),
    applicationType: row.applicationType as OAuthClient['applicationType'],
    requirePKCE: row.requirePKCE,
    jwks: parseObject(row.jwks),
    jwksUri: row.jwksUri,
    metadata: parseObject(row.metadata),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The client, or null when unknown. A disabled client is returned: the caller decides what it may still do. */
export async function findClient(auth: PluginHost, clientId: string): Promise<OAuthClient | null> {
  const row = await oauthProviderSchema
    .db(auth)
    .selectFrom('oauthClient')
    .selectAll()
    .where('clientId', '=', clientId)
    .executeTakeFirst();
  return row ? toOAuthClient(row) : null;
}
