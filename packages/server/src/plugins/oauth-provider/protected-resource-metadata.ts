/**
 * @module RFC 9728 Protected Resource Metadata, for the resource servers that trust this provider:
 * they publish it at `/.well-known/oauth-protected-resource` (and point to it from their 401's
 * `WWW-Authenticate: Bearer resource_metadata="…"`), which is how an MCP client finds its
 * authorization server. The provider does not serve it (the resource server is another origin);
 * this builds the document so the two agree on the issuer, the scopes and the token's algorithm.
 */

export interface ProtectedResourceMetadataInput {
  /** The resource identifier: the URI access tokens name in `aud` (the plugin's `resources`). */
  readonly resource: string;
  /** The provider's issuer: `{baseURL}{basePath}`. */
  readonly issuer: string;
  /** The scopes the resource understands; omitted from the document when not given. */
  readonly scopes?: readonly string[];
  /** The algorithms its JWT access tokens are signed with (the plugin's `signingAlgorithm`). */
  readonly signingAlgorithms?: readonly string[];
  readonly resourceName?: string;
  readonly resourceDocumentation?: string;
}

export interface ProtectedResourceMetadata {
  resource: string;
  authorization_servers: string[];
  bearer_methods_supported: string[];
  scopes_supported?: string[];
  resource_signing_alg_values_supported?: string[];
  resource_name?: string;
  resource_documentation?: string;
}

/** The RFC 9728 §2 document for `input.resource`, served by the resource server as JSON. */
export function oauthProtectedResourceMetadata(input: ProtectedResourceMetadataInput): ProtectedResourceMetadata {
  return {
    resource: input.resource,
    authorization_servers: [input.issuer],
    // RFC 6750 §2.1 only: a token in a query string or form body ends up in logs and histories.
    bearer_methods_supported: ['header'],
    ...(input.scopes ? { scopes_supported: [...input.scopes] } : {}),
    ...(input.signingAlgorithms ? { resource_signing_alg_values_supported: [...input.signingAlgorithms] } : {}),
    ...(input.resourceName ? { resource_name: input.resourceName } : {}),
    ...(input.resourceDocumentation ? { resource_documentation: input.resourceDocumentation } : {}),
  };
}
