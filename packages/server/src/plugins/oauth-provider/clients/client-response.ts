/**
 * @module A client as the management and registration routes answer it: RFC 7591 §3.2.1's
 * response, with better-auth's own fields beside the RFC's (user_id, disabled, skip_consent…) and
 * its private metadata spread under them, as better-auth's `schemaToOAuth` answers. Never the
 * stored secret: only its plaintext, once, where it is issued.
 */
import { z } from 'zod';
import type { OAuthClient } from './client';

export const clientResponse = z
  .object({
    client_id: z.string(),
    client_secret: z.string().optional(),
    client_secret_expires_at: z.number().optional(),
    client_id_issued_at: z.number(),
    redirect_uris: z.array(z.string()),
    token_endpoint_auth_method: z.string(),
    grant_types: z.array(z.string()),
    response_types: z.array(z.string()),
  })
  .loose();

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function toClientResponse(
  client: OAuthClient,
  extra: { clientSecret?: string; admin?: boolean } = {},
): Record<string, unknown> {
  const answer: Record<string, unknown> = {
    ...client.metadata,
    client_id: client.clientId,
    client_secret: extra.clientSecret,
    // RFC 7591 §3.2.1: required when a secret was issued; 0 is "never expires".
    client_secret_expires_at: client.secretDigest
      ? client.secretExpiresAt
        ? seconds(client.secretExpiresAt)
        : 0
      : undefined,
    scope: client.scopes?.join(' '),
    user_id: client.userId ?? undefined,
    reference_id: client.referenceId ?? undefined,
    client_id_issued_at: seconds(client.createdAt),
    client_name: client.name ?? undefined,
    client_uri: client.uri ?? undefined,
    logo_uri: client.icon ?? undefined,
    contacts: client.contacts.length > 0 ? client.contacts : undefined,
    tos_uri: client.tos ?? undefined,
    policy_uri: client.policy ?? undefined,
    jwks: client.jwks ?? undefined,
    jwks_uri: client.jwksUri ?? undefined,
    software_id: client.softwareId ?? undefined,
    software_version: client.softwareVersion ?? undefined,
    software_statement: client.softwareStatement ?? undefined,
    redirect_uris: client.redirectUris,
    post_logout_redirect_uris: client.postLogoutRedirectUris.length > 0 ? client.postLogoutRedirectUris : undefined,
    backchannel_logout_uri: client.backchannelLogoutUri ?? undefined,
    backchannel_logout_session_required: client.backchannelLogoutUri
      ? client.backchannelLogoutSessionRequired
      : undefined,
    token_endpoint_auth_method: client.tokenEndpointAuthMethod,
    grant_types: client.grantTypes,
    response_types: client.responseTypes,
    application_type: client.applicationType ?? undefined,
    disabled: client.disabled,
    skip_consent: client.skipConsent,
    enable_end_session: client.enableEndSession,
    require_pkce: client.requirePKCE,
  };
  // better-auth answers the machine-token scopes on its admin routes only.
  if (extra.admin) answer.client_credentials_scopes = client.clientCredentialsScopes;
  return JSON.parse(JSON.stringify(answer)) as Record<string, unknown>;
}

/** What any signed-in user may see of a client, for the consent screen. */
export function toPublicClientResponse(client: OAuthClient): Record<string, unknown> {
  const { client_id, client_name, client_uri, logo_uri, contacts, tos_uri, policy_uri } = toClientResponse(client);
  return JSON.parse(
    JSON.stringify({ client_id, client_name, client_uri, logo_uri, contacts, tos_uri, policy_uri }),
  ) as Record<string, unknown>;
}
