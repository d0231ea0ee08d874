/**
 * The client metadata rules (metadata.ts), each refusal with its RFC 7591 error and field, and
 * the columns a valid registration resolves to.
 */
import { describe, expect, it } from 'vitest';
import { checkClientMetadata, ClientMetadataError, withUpdate, type ClientMetadata } from './metadata';

const SCOPES = ['openid', 'profile', 'email', 'offline_access', 'read:things'];
const WEB = { redirect_uris: ['https://app.example.com/cb'] };
const RSA_PUBLIC = { kty: 'RSA', n: 'sXch', e: 'AQAB', alg: 'RS256' };
const ED_PUBLIC = { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' };

function refusal(meta: ClientMetadata): { error: string; field: string; description: string } {
  try {
    checkClientMetadata(meta, SCOPES);
  } catch (error) {
    if (error instanceof ClientMetadataError) {
      return { error: error.error, field: error.field, description: error.description };
    }
    throw error;
  }
  throw new Error('accepted');
}

describe('checkClientMetadata', () => {
  it('resolves a bare web registration to a confidential code client with PKCE', () => {
    const columns = checkClientMetadata(WEB, SCOPES);
    expect(columns).toMatchObject({
      tokenEndpointAuthMethod: 'client_secret_basic',
      grantTypes: '["authorization_code"]',
      responseTypes: '["code"]',
      applicationType: 'web',
      requirePKCE: true,
      scopes: null,
      skipConsent: false,
      disabled: false,
      redirectUris: '["https://app.example.com/cb"]',
    });
  });

  it('keeps the requested scopes, deduplicated', () => {
    expect(checkClientMetadata({ ...WEB, scope: 'openid read:things openid' }, SCOPES).scopes).toBe(
      '["openid","read:things"]',
    );
  });

  it.each<[string, ClientMetadata, string, string, string]>([
    ['redirect URIs missing for the code grant', {}, 'invalid_redirect_uri', 'redirect_uris', 'required'],
    [
      'a bad redirect URI',
      { redirect_uris: ['http://evil.example/cb'] },
      'invalid_redirect_uri',
      'redirect_uris',
      'https',
    ],
    [
      'a bad post-logout redirect URI',
      { ...WEB, post_logout_redirect_uris: ['javascript:alert(1)'] },
      'invalid_redirect_uri',
      'post_logout_redirect_uris',
      'scheme',
    ],
    [
      'an unknown grant type',
      { ...WEB, grant_types: ['password'] },
      'invalid_client_metadata',
      'grant_types',
      'password',
    ],
    ['the implicit flow', { ...WEB, response_types: ['token'] }, 'invalid_client_metadata', 'response_types', 'token'],
    [
      'a code response without the code grant',
      { grant_types: ['client_credentials'], response_types: ['code'] },
      'invalid_client_metadata',
      'response_types',
      'authorization_code',
    ],
    [
      'an unknown auth method',
      { ...WEB, token_endpoint_auth_method: 'client_secret_jwt' },
      'invalid_client_metadata',
      'token_endpoint_auth_method',
      'client_secret_jwt',
    ],
    [
      'an unknown application type',
      { ...WEB, application_type: 'desktop' },
      'invalid_client_metadata',
      'application_type',
      'web or native',
    ],
    [
      'client credentials for a public client',
      { grant_types: ['client_credentials'], token_endpoint_auth_method: 'none' },
      'invalid_client_metadata',
      'grant_types',
      'confidential',
    ],
    [
      'private_key_jwt without keys',
      { ...WEB, token_endpoint_auth_method: 'private_key_jwt' },
      'invalid_client_metadata',
      'jwks',
      'requires',
    ],
    [
      'jwks and jwks_uri together',
      { ...WEB, jwks: { keys: [RSA_PUBLIC] }, jwks_uri: 'https://keys.example.com/jwks' },
      'invalid_client_metadata',
      'jwks',
      'mutually exclusive',
    ],
    [
      'a private key in jwks',
      { ...WEB, jwks: { keys: [{ ...RSA_PUBLIC, d: 'secret' }] } },
      'invalid_client_metadata',
      'jwks',
      'public',
    ],
    [
      'a symmetric key in jwks',
      { ...WEB, jwks: { keys: [{ kty: 'oct', k: 'c2VjcmV0' }] } },
      'invalid_client_metadata',
      'jwks',
      'public',
    ],
    ['an empty jwks', { ...WEB, jwks: { keys: [] } }, 'invalid_client_metadata', 'jwks', 'non-empty'],
    [
      'an http jwks_uri',
      { ...WEB, jwks_uri: 'http://keys.example.com/jwks' },
      'invalid_client_metadata',
      'jwks_uri',
      'https',
    ],
    [
      'a loopback jwks_uri',
      { ...WEB, jwks_uri: 'https://127.0.0.1/jwks' },
      'invalid_client_metadata',
      'jwks_uri',
      'private',
    ],
    [
      'a private-network jwks_uri',
      { ...WEB, jwks_uri: 'https://10.1.2.3/jwks' },
      'invalid_client_metadata',
      'jwks_uri',
      'private',
    ],
    [
      'a localhost jwks_uri',
      { ...WEB, jwks_uri: 'https://localhost/jwks' },
      'invalid_client_metadata',
      'jwks_uri',
      'private',
    ],
    [
      'an IPv6 link-local jwks_uri',
      { ...WEB, jwks_uri: 'https://[fe80::1]/jwks' },
      'invalid_client_metadata',
      'jwks_uri',
      'private',
    ],
    ['a scope the server lacks', { ...WEB, scope: 'openid admin:all' }, 'invalid_scope', 'scope', 'admin:all'],
    [
      'machine scopes without the grant',
      { ...WEB, client_credentials_scopes: ['read:things'] },
      'invalid_client_metadata',
      'client_credentials_scopes',
      'client_credentials grant',
    ],
    [
      'a user scope for machine tokens',
      { grant_types: ['client_credentials'], client_credentials_scopes: ['openid'] },
      'invalid_scope',
      'client_credentials_scopes',
      'openid',
    ],
    ['a script logo', { ...WEB, logo_uri: 'javascript:alert(1)' }, 'invalid_client_metadata', 'logo_uri', 'http(s)'],
    [
      'a private back-channel logout URI',
      { ...WEB, backchannel_logout_uri: 'https://192.168.1.1/logout' },
      'invalid_client_metadata',
      'backchannel_logout_uri',
      'private',
    ],
    [
      'a public client let off PKCE',
      { ...WEB, token_endpoint_auth_method: 'none', require_pkce: false },
      'invalid_client_metadata',
      'require_pkce',
      'PKCE',
    ],
  ])('refuses %s', (_, meta, error, field, words) => {
    const refused = refusal(meta);
    expect(refused).toMatchObject({ error, field });
    expect(refused.description).toContain(words);
  });

  it('accepts public keys and a public jwks_uri for private_key_jwt', () => {
    const method = 'private_key_jwt';
    expect(
      checkClientMetadata(
        { ...WEB, token_endpoint_auth_method: method, jwks: { keys: [RSA_PUBLIC, ED_PUBLIC] } },
        SCOPES,
      ).jwks,
    ).toBe(JSON.stringify({ keys: [RSA_PUBLIC, ED_PUBLIC] }));
    expect(
      checkClientMetadata(
        { ...WEB, token_endpoint_auth_method: method, jwks_uri: 'https://keys.example.com/jwks' },
        SCOPES,
      ).jwksUri,
    ).toBe('https://keys.example.com/jwks');
  });

  it('accepts a device client without redirect URIs, and a machine client with its scopes', () => {
    const device = checkClientMetadata(
      {
        grant_types: ['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'],
        token_endpoint_auth_method: 'none',
      },
      SCOPES,
    );
    expect(device).toMatchObject({ redirectUris: '[]', responseTypes: '[]' });
    const machine = checkClientMetadata(
      { grant_types: ['client_credentials'], client_credentials_scopes: ['read:things'] },
      SCOPES,
    );
    expect(machine.clientCredentialsScopes).toBe('["read:things"]');
  });

  it('keeps a secret expiry only for a client that is issued a secret', () => {
    expect(checkClientMetadata({ ...WEB, client_secret_expires_at: 2000000000 }, SCOPES).clientSecretExpiresAt).toEqual(
      new Date(2000000000 * 1000),
    );
    expect(
      checkClientMetadata({ ...WEB, token_endpoint_auth_method: 'none', client_secret_expires_at: 2000000000 }, SCOPES)
        .clientSecretExpiresAt,
    ).toBeNull();
  });

  it('drops the machine scopes with the client_credentials grant, unless the update sets them', () => {
    const machine: ClientMetadata = { grant_types: ['client_credentials'], client_credentials_scopes: ['read:things'] };
    const dropped = withUpdate(machine, { grant_types: ['authorization_code'], redirect_uris: WEB.redirect_uris });
    expect(checkClientMetadata(dropped, SCOPES).clientCredentialsScopes).toBeNull();
    const insisted = withUpdate(machine, {
      grant_types: ['authorization_code'],
      redirect_uris: WEB.redirect_uris,
      client_credentials_scopes: ['read:things'],
    });
    expect(refusal(insisted)).toMatchObject({ field: 'client_credentials_scopes' });
  });
});
