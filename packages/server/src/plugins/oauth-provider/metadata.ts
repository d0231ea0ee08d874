/**
 * @module The provider's discovery documents, with `@better-auth/oauth-provider` 1.7's field names
 * and values: the authorization server metadata (RFC 8414) and OpenID Connect Discovery 1.0's
 * document, which is the former plus the OpenID fields. Both are built here so they cannot drift
 * apart; `publicDocument` is the answer the metadata routes and the JWKS share.
 */
import type { PluginHost } from '../../plugin';
import { publishedAlgorithms } from './keys/signing-keys';
import { ORGANIZATION_SCOPE, type ResolvedOAuthProviderOptions } from './options';
import { ORGANIZATION_CLAIMS } from './organization/claims';

/** Asymmetric algorithms a private_key_jwt client assertion may use (RFC 7523), better-auth's list. */
export const CLIENT_ASSERTION_ALGORITHMS = [
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
] as const;

const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** How clients authenticate at the token endpoint; `none` is a public client with PKCE. */
const TOKEN_ENDPOINT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none', 'private_key_jwt'];
/** Introspection and revocation are for confidential clients (and resource servers) only. */
const CONFIDENTIAL_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'private_key_jwt'];

/** Claims every ID token or introspection may carry, and the identity claims of the standard scopes. */
const PROTOCOL_CLAIMS = ['sub', 'iss', 'aud', 'exp', 'iat', 'sid', 'scope', 'azp'];
const PROFILE_CLAIMS = ['name', 'picture', 'given_name', 'family_name'];
const EMAIL_CLAIMS = ['email', 'email_verified'];

export function authorizationServerMetadata(auth: PluginHost, options: ResolvedOAuthProviderOptions) {
  const issuer = options.issuer(auth);
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth2/authorize`,
    token_endpoint: `${issuer}/oauth2/token`,
    jwks_uri: `${issuer}/jwks`,
    // Advertised only where a client may register itself: else an RP would try and meet a 403.
    ...(options.dynamicRegistration === 'off' ? {} : { registration_endpoint: `${issuer}/oauth2/register` }),
    // draft-ietf-oauth-client-id-metadata-document §5: an https client_id is fetched, not looked up.
    ...(options.clientIdMetadataDocuments ? { client_id_metadata_document_supported: true } : {}),
    introspection_endpoint: `${issuer}/oauth2/introspect`,
    revocation_endpoint: `${issuer}/oauth2/revoke`,
    device_authorization_endpoint: `${issuer}/device/code`,
    scopes_supported: [...options.supportedScopes(auth)],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'client_credentials', 'refresh_token', DEVICE_CODE_GRANT],
    token_endpoint_auth_methods_supported: TOKEN_ENDPOINT_AUTH_METHODS,
    token_endpoint_auth_signing_alg_values_supported: [...CLIENT_ASSERTION_ALGORITHMS],
    introspection_endpoint_auth_methods_supported: CONFIDENTIAL_AUTH_METHODS,
    introspection_endpoint_auth_signing_alg_values_supported: [...CLIENT_ASSERTION_ALGORITHMS],
    revocation_endpoint_auth_methods_supported: CONFIDENTIAL_AUTH_METHODS,
    revocation_endpoint_auth_signing_alg_values_supported: [...CLIENT_ASSERTION_ALGORITHMS],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    backchannel_logout_supported: true,
    backchannel_logout_session_supported: true,
  };
}

export async function openIdConfiguration(auth: PluginHost, options: ResolvedOAuthProviderOptions) {
  const issuer = options.issuer(auth);
  const scopes = options.supportedScopes(auth);
  const claims = [
    ...PROTOCOL_CLAIMS,
    ...(scopes.includes('profile') ? PROFILE_CLAIMS : []),
    ...(scopes.includes('email') ? EMAIL_CLAIMS : []),
    ...(scopes.includes(ORGANIZATION_SCOPE) ? ORGANIZATION_CLAIMS : []),
  ];
  return {
    ...authorizationServerMetadata(auth, options),
    userinfo_endpoint: `${issuer}/oauth2/userinfo`,
    claims_supported: claims,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: await publishedAlgorithms(auth, options),
    end_session_endpoint: `${issuer}/oauth2/end-session`,
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
    prompt_values_supported: ['login', 'consent', 'create', 'select_account', 'none'],
  };
}

/**
 * A document for anyone: relying parties read these from browsers too (CORS open, nothing in them
 * is secret), and may cache them briefly — better-auth's cache policy, so a changed configuration
 * or a new key is seen within seconds.
 */
export function publicDocument(body: unknown): Response {
  return new Response(JSON.stringify(body), {
    headers: {
      'content-type': 'application/json',
      'cache-control': 'public, max-age=15, stale-while-revalidate=15, stale-if-error=86400',
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
    },
  });
}
