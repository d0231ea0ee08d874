/**
 * Test fixtures of the oauth-provider tests: the plugin's harness options and clients written
 * straight into the table, for tests of the protocol routes that need a client but do not test how
 * clients are registered.
 */
import type { Harness } from '../../../../test/support/harness';
import type { AuthOptions } from '../../..';
import { oauthProviderPlugin, type OAuthProviderOptions } from '../../..';
import { toJsonList } from '../json-list';
import { digestOf, newOpaqueSecret } from '../opaque-secret';
import { oauthProviderSchema, type OAuthClientTable } from '../schema';

export const RP_REDIRECT = 'https://rp.example.com/callback';

export function withOAuthProvider(
  options: OAuthProviderOptions = {},
  more: Partial<AuthOptions> = {},
): Partial<AuthOptions> {
  return { plugins: [oauthProviderPlugin(options)], ...more };
}

export interface ClientFixture {
  readonly clientId: string;
  /** Undefined for a public client. */
  readonly clientSecret: string | undefined;
}

type ClientColumns = Partial<Omit<OAuthClientTable, 'redirectUris' | 'grantTypes' | 'responseTypes' | 'scopes'>> & {
  redirectUris?: readonly string[];
  grantTypes?: readonly string[];
  scopes?: readonly string[] | null;
};

/** A confidential client (client_secret_basic) unless the columns say otherwise. */
export async function insertClient(h: Harness, columns: ClientColumns = {}): Promise<ClientFixture> {
  const method = columns.tokenEndpointAuthMethod ?? 'client_secret_basic';
  const clientSecret = method === 'none' || method === 'private_key_jwt' ? undefined : newOpaqueSecret();
  const clientId = columns.clientId ?? `client-${crypto.randomUUID()}`;
  const now = h.clock.now();
  const { redirectUris, grantTypes, scopes, ...rest } = columns;
  await oauthProviderSchema
    .db(h.auth.context)
    .insertInto('oauthClient')
    .values({
      id: crypto.randomUUID(),
      clientSecret: clientSecret === undefined ? null : digestOf(clientSecret),
      clientSecretExpiresAt: null,
      disabled: false,
      skipConsent: false,
      enableEndSession: false,
      clientCredentialsScopes: null,
      userId: null,
      referenceId: null,
      name: 'Relying Party',
      uri: null,
      icon: null,
      contacts: null,
      tos: null,
      policy: null,
      softwareId: null,
      softwareVersion: null,
      softwareStatement: null,
      postLogoutRedirectUris: null,
      backchannelLogoutUri: null,
      backchannelLogoutSessionRequired: null,
      applicationType: 'web',
      requirePKCE: true,
      jwks: null,
      jwksUri: null,
      metadata: null,
      createdAt: now,
      updatedAt: now,
      ...rest,
      clientId,
      tokenEndpointAuthMethod: method,
      redirectUris: toJsonList(redirectUris ?? [RP_REDIRECT]),
      grantTypes: toJsonList(grantTypes ?? ['authorization_code', 'refresh_token']),
      responseTypes: toJsonList(['code']),
      scopes: scopes === null || scopes === undefined ? null : toJsonList(scopes),
    })
    .execute();
  return { clientId, clientSecret };
}
