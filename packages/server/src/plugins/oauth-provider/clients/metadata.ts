/**
 * @module RFC 7591 client metadata: its fields as the registration and management routes take
 * them, and the rules a client must follow (grant and response types, authentication method,
 * keys, scopes, redirect URIs), resolved to the `oauthClient` columns. Every route that writes a
 * client goes through `checkClientMetadata` with the whole of what the client will be, so an
 * update cannot reach a state a registration would refuse. A refusal names its field and carries
 * RFC 7591 §3.2.2's error; the protocol route answers it as is, the management routes in the
 * catalogue's shape (client-errors.ts).
 */
import { z } from 'zod';
import { toJsonList, scopesOf } from '../json-list';
import { OAuthError, type OAuthErrorCode } from '../oauth-error';
import type { OAuthClientTable } from '../schema';
import type { GrantType, OAuthClient, TokenEndpointAuthMethod } from './client';
import { fetchedUriRefusal, jwksRefusal } from './client-keys';
import { redirectUriRefusal } from './redirect-uri';

export const GRANT_TYPES: readonly GrantType[] = [
  'authorization_code',
  'refresh_token',
  'client_credentials',
  'urn:ietf:params:oauth:grant-type:device_code',
];
const AUTH_METHODS: readonly TokenEndpointAuthMethod[] = [
  'none',
  'client_secret_basic',
  'client_secret_post',
  'private_key_jwt',
];
/** Scopes that stand for a user: a client_credentials token has none to stand for. */
const USER_SCOPES = new Set(['openid', 'profile', 'email', 'offline_access']);

const uris = z.array(z.string()).min(1);

/** What any caller may register: types only, the rules are `checkClientMetadata`'s. */
export const clientMetadataFields = {
  redirect_uris: uris.optional(),
  post_logout_redirect_uris: uris.optional(),
  scope: z.string().optional(),
  client_name: z.string().trim().min(1).max(256).optional(),
  client_uri: z.string().optional(),
  logo_uri: z.string().optional(),
  contacts: z.array(z.string().min(1)).min(1).optional(),
  tos_uri: z.string().optional(),
  policy_uri: z.string().optional(),
  software_id: z.string().optional(),
  software_version: z.string().optional(),
  software_statement: z.string().optional(),
  backchannel_logout_uri: z.string().optional(),
  backchannel_logout_session_required: z.boolean().optional(),
  token_endpoint_auth_method: z.string().optional(),
  application_type: z.string().optional(),
  jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }).optional(),
  jwks_uri: z.string().optional(),
  grant_types: z.array(z.string()).min(1).optional(),
  response_types: z.array(z.string()).optional(),
};

/**
 * What only a platform admin may set: a skipped consent screen, a session ended at the client's
 * word, scopes its machine tokens carry, when its secret dies, private notes, a switch-off, and a
 * confidential client's exemption from PKCE.
 */
export const restrictedClientFields = {
  skip_consent: z.boolean().optional(),
  enable_end_session: z.boolean().optional(),
  client_credentials_scopes: z.array(z.string().trim().min(1)).optional(),
  client_secret_expires_at: z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  disabled: z.boolean().optional(),
  require_pkce: z.boolean().optional(),
};
/**
 * The optional fields an update may clear with `null` (update-fields.ts): none a client's
 * flows stand on (redirect URIs, grants, keys, the authentication method).
 */
export const CLEARABLE_FIELDS = [
  'post_logout_redirect_uris',
  'scope',
  'client_uri',
  'logo_uri',
  'contacts',
  'tos_uri',
  'policy_uri',
  'software_id',
  'software_version',
  'software_statement',
  'backchannel_logout_uri',
] as const satisfies readonly (keyof typeof clientMetadataFields)[];
export type ClearableField = (typeof CLEARABLE_FIELDS)[number];

export const RESTRICTED_FIELDS = Object.keys(restrictedClientFields) as (keyof typeof restrictedClientFields)[];

export const clientMetadataSchema = z.object({ ...clientMetadataFields, ...restrictedClientFields });
export type ClientMetadata = z.output<typeof clientMetadataSchema>;

/** The restricted fields `body` sets. */
export function restrictedFieldsIn(body: ClientUpdate): string[] {
  return RESTRICTED_FIELDS.filter((field) => body[field] !== undefined);
}

/** A refusal of one field, with RFC 7591 §3.2.2's error (invalid_scope where better-auth answers it). */
export class ClientMetadataError extends OAuthError {
  constructor(
    error: Extract<OAuthErrorCode, 'invalid_client_metadata' | 'invalid_redirect_uri' | 'invalid_scope'>,
    readonly field: string,
    description: string,
  ) {
    super(error, description);
  }
}

function refuse(field: string, description: string): never {
  throw new ClientMetadataError('invalid_client_metadata', field, description);
}

/** The columns a client's metadata decides: all but its identity, secret, owner and dates. */
export type ClientColumns = Omit<
  OAuthClientTable,
  'id' | 'clientId' | 'clientSecret' | 'userId' | 'referenceId' | 'createdAt' | 'updatedAt'
>;

/** Only these methods authenticate with a secret we issue. */
export function issuesSecret(method: string): boolean {
  return method === 'client_secret_basic' || method === 'client_secret_post';
}

function checkGrants(meta: ClientMetadata, method: TokenEndpointAuthMethod) {
  const grantTypes = [...new Set(meta.grant_types ?? ['authorization_code'])];
  for (const grant of grantTypes) {
    if (!GRANT_TYPES.includes(grant as GrantType)) refuse('grant_types', `unsupported grant_type ${grant}`);
  }
  // RFC 6749 §4.4: the client credentials grant is for clients that can keep a credential.
  if (grantTypes.includes('client_credentials') && method === 'none') {
    refuse('grant_types', 'client_credentials grant requires a confidential client');
  }
  const code = grantTypes.includes('authorization_code');
  const responseTypes = [...new Set(meta.response_types ?? (code ? ['code'] : []))];
  for (const type of responseTypes) {
    // OAuth 2.1 has the code flow alone: the implicit and hybrid flows put tokens in the URL.
    if (type !== 'code') refuse('response_types', `unsupported response_type ${type}`);
  }
  if (code !== responseTypes.includes('code')) {
    refuse(
      'response_types',
      "the 'code' response type goes with the 'authorization_code' grant type, and only with it",
    );
  }
  return { grantTypes: grantTypes as GrantType[], responseTypes };
}

function checkRedirects(meta: ClientMetadata, applicationType: 'web' | 'native', grantTypes: readonly GrantType[]) {
  const redirectUris = meta.redirect_uris ?? [];
  if (grantTypes.includes('authorization_code') && redirectUris.length === 0) {
    throw new ClientMetadataError(
      'invalid_redirect_uri',
      'redirect_uris',
      'Redirect URIs are required for the authorization_code grant type',
    );
  }
  for (const field of ['redirect_uris', 'post_logout_redirect_uris'] as const) {
    for (const uri of meta[field] ?? []) {
      const refusal = redirectUriRefusal(uri, applicationType);
      if (refusal) throw new ClientMetadataError('invalid_redirect_uri', field, refusal);
    }
  }
  return redirectUris;
}

function checkKeys(meta: ClientMetadata, method: TokenEndpointAuthMethod) {
  if (meta.jwks && meta.jwks_uri) refuse('jwks', 'jwks and jwks_uri are mutually exclusive');
  const jwksProblem = meta.jwks ? jwksRefusal(meta.jwks) : null;
  if (jwksProblem) refuse('jwks', jwksProblem);
  const uriProblem = meta.jwks_uri ? fetchedUriRefusal('jwks_uri', meta.jwks_uri) : null;
  if (uriProblem) refuse('jwks_uri', uriProblem);
  if (method === 'private_key_jwt' && !meta.jwks && !meta.jwks_uri) {
    refuse('jwks', 'private_key_jwt requires either jwks or jwks_uri');
  }
}

function checkScopes(meta: ClientMetadata, serverScopes: readonly string[], grantTypes: readonly GrantType[]) {
  const known = new Set(serverScopes);
  const scopes = meta.scope === undefined ? null : scopesOf(meta.scope);
  for (const scope of scopes ?? []) {
    if (!known.has(scope)) throw new ClientMetadataError('invalid_scope', 'scope', `cannot request scope ${scope}`);
  }
  const machineScopes = [...new Set(meta.client_credentials_scopes ?? [])];
  if (machineScopes.length > 0 && !grantTypes.includes('client_credentials')) {
    refuse('client_credentials_scopes', 'client_credentials_scopes requires the client_credentials grant');
  }
  for (const scope of machineScopes) {
    if (!known.has(scope) || USER_SCOPES.has(scope)) {
      throw new ClientMetadataError('invalid_scope', 'client_credentials_scopes', `cannot assign scope ${scope}`);
    }
  }
  return { scopes, machineScopes };
}

/** A page the consent screen links to (or shows, for the logo): only http(s), never a script URL. */
function checkPageUris(meta: ClientMetadata) {
  for (const field of ['client_uri', 'logo_uri', 'tos_uri', 'policy_uri'] as const) {
    const value = meta[field];
    if (value === undefined) continue;
    const url = URL.canParse(value) ? new URL(value) : null;
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
      refuse(field, `${field} must be an http(s) URL`);
  }
  if (meta.backchannel_logout_uri !== undefined) {
    const problem = fetchedUriRefusal('backchannel_logout_uri', meta.backchannel_logout_uri);
    if (problem) refuse('backchannel_logout_uri', problem);
  }
}

/** The columns of a client with this metadata, or the first rule it breaks. */
export function checkClientMetadata(meta: ClientMetadata, serverScopes: readonly string[]): ClientColumns {
  const method = (meta.token_endpoint_auth_method ?? 'client_secret_basic') as TokenEndpointAuthMethod;
  if (!AUTH_METHODS.includes(method))
    refuse('token_endpoint_auth_method', `unsupported token_endpoint_auth_method ${method}`);
  const applicationType = meta.application_type ?? 'web';
  if (applicationType !== 'web' && applicationType !== 'native') {
    refuse('application_type', 'application_type must be web or native');
  }
  const { grantTypes, responseTypes } = checkGrants(meta, method);
  const redirectUris = checkRedirects(meta, applicationType, grantTypes);
  checkKeys(meta, method);
  const { scopes, machineScopes } = checkScopes(meta, serverScopes, grantTypes);
  checkPageUris(meta);
  // A public client proves itself with PKCE alone (OAuth 2.1 §7.5.1): it cannot be let off it.
  if (meta.require_pkce === false && method === 'none') refuse('require_pkce', 'public clients require PKCE');
  const expiresAt = Number(meta.client_secret_expires_at ?? 0);
  return {
    clientSecretExpiresAt: expiresAt > 0 && issuesSecret(method) ? new Date(expiresAt * 1000) : null,
    disabled: meta.disabled ?? false,
    skipConsent: meta.skip_consent ?? false,
    enableEndSession: meta.enable_end_session ?? false,
    scopes: scopes === null ? null : toJsonList(scopes),
    clientCredentialsScopes: machineScopes.length > 0 ? toJsonList(machineScopes) : null,
    name: meta.client_name ?? null,
    uri: meta.client_uri ?? null,
    icon: meta.logo_uri ?? null,
    contacts: meta.contacts ? toJsonList(meta.contacts) : null,
    tos: meta.tos_uri ?? null,
    policy: meta.policy_uri ?? null,
    softwareId: meta.software_id ?? null,
    softwareVersion: meta.software_version ?? null,
    softwareStatement: meta.software_statement ?? null,
    redirectUris: toJsonList(redirectUris),
    postLogoutRedirectUris: meta.post_logout_redirect_uris ? toJsonList(meta.post_logout_redirect_uris) : null,
    backchannelLogoutUri: meta.backchannel_logout_uri ?? null,
    backchannelLogoutSessionRequired: meta.backchannel_logout_session_required ?? null,
    tokenEndpointAuthMethod: method,
    grantTypes: toJsonList(grantTypes),
    responseTypes: toJsonList(responseTypes),
    applicationType,
    requirePKCE: meta.require_pkce ?? true,
    jwks: meta.jwks ? JSON.stringify(meta.jwks) : null,
    jwksUri: meta.jwks_uri ?? null,
    metadata: meta.metadata && Object.keys(meta.metadata).length > 0 ? JSON.stringify(meta.metadata) : null,
  };
}

/** A stored client's metadata, so an update is checked as the whole client it makes. */
export function metadataOf(client: OAuthClient): ClientMetadata {
  const present = <T>(value: T | null): T | undefined => (value === null ? undefined : value);
  const list = (values: readonly string[]) => (values.length > 0 ? [...values] : undefined);
  return {
    redirect_uris: list(client.redirectUris),
    post_logout_redirect_uris: list(client.postLogoutRedirectUris),
    scope: client.scopes === null ? undefined : client.scopes.join(' '),
    client_name: present(client.name),
    client_uri: present(client.uri),
    logo_uri: present(client.icon),
    contacts: list(client.contacts),
    tos_uri: present(client.tos),
    policy_uri: present(client.policy),
    software_id: present(client.softwareId),
    software_version: present(client.softwareVersion),
    software_statement: present(client.softwareStatement),
    backchannel_logout_uri: present(client.backchannelLogoutUri),
    backchannel_logout_session_required: client.backchannelLogoutSessionRequired || undefined,
    token_endpoint_auth_method: client.tokenEndpointAuthMethod,
    application_type: present(client.applicationType),
    jwks: present(client.jwks),
    jwks_uri: present(client.jwksUri),
    grant_types: [...client.grantTypes],
    response_types: [...client.responseTypes],
    skip_consent: client.skipConsent,
    enable_end_session: client.enableEndSession,
    client_credentials_scopes: list(client.clientCredentialsScopes),
    client_secret_expires_at: client.secretExpiresAt ? Math.floor(client.secretExpiresAt.getTime() / 1000) : undefined,
    metadata: present(client.metadata),
    disabled: client.disabled,
    require_pkce: client.requirePKCE,
  };
}

/** An update: its fields, the clearable ones also as `null`. */
export type ClientUpdate = Omit<Partial<ClientMetadata>, ClearableField> & {
  [K in ClearableField]?: ClientMetadata[K] | null;
};

/** `update`'s fields laid over `meta`: a field left out keeps its value, a `null` one is removed. */
export function withUpdate(meta: ClientMetadata, update: ClientUpdate): ClientMetadata {
  const changed = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
  const merged: ClientMetadata = { ...meta, ...changed };
  for (const field of CLEARABLE_FIELDS) if (update[field] === null) delete merged[field];
  // better-auth's rule: giving up the client_credentials grant gives up the scopes that went with
  // it, rather than leaving the owner unable to drop the grant without an admin.
  if (update.client_credentials_scopes === undefined && !merged.grant_types?.includes('client_credentials')) {
    delete merged.client_credentials_scopes;
  }
  return merged;
}
