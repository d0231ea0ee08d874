/**
 * The discovery documents on every database: OpenID Connect Discovery's and RFC 8414's under the
 * issuer, with better-auth's fields and values, readable from any origin and briefly cacheable;
 * the registration endpoint only where clients may register; the signing algorithms of the keys.
 */
import { expect, it } from 'vitest';
import { BASE_URL, describeEachDialect } from '../../../../test/support/harness';
import { authorizationServerMetadata } from '../metadata';
import { resolveOAuthProviderOptions } from '../options';
import { withOAuthProvider } from './fixtures';

const ISSUER = `${BASE_URL}/api/auth`;

describeEachDialect(
  'oauth-provider discovery',
  (h) => {
    it('GET /.well-known/openid-configuration answers the OpenID Provider metadata', async () => {
      const response = await h()
        .client()
        .get('/.well-known/openid-configuration', { origin: 'https://rp.example.com' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
      expect(response.body).toMatchObject({
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/oauth2/authorize`,
        token_endpoint: `${ISSUER}/oauth2/token`,
        userinfo_endpoint: `${ISSUER}/oauth2/userinfo`,
        jwks_uri: `${ISSUER}/jwks`,
        introspection_endpoint: `${ISSUER}/oauth2/introspect`,
        revocation_endpoint: `${ISSUER}/oauth2/revoke`,
        end_session_endpoint: `${ISSUER}/oauth2/end-session`,
        device_authorization_endpoint: `${ISSUER}/device/code`,
        scopes_supported: ['openid', 'profile', 'email', 'offline_access', 'read:notes'],
        response_types_supported: ['code'],
        response_modes_supported: ['query'],
        grant_types_supported: [
          'authorization_code',
          'client_credentials',
          'refresh_token',
          'urn:ietf:params:oauth:grant-type:device_code',
        ],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none', 'private_key_jwt'],
        code_challenge_methods_supported: ['S256'],
        authorization_response_iss_parameter_supported: true,
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['EdDSA'],
        backchannel_logout_supported: true,
        backchannel_logout_session_supported: true,
        request_parameter_supported: false,
        request_uri_parameter_supported: false,
        prompt_values_supported: ['login', 'consent', 'create', 'select_account', 'none'],
      });
      expect(response.body.claims_supported).toEqual(
        expect.arrayContaining([
          'sub',
          'iss',
          'aud',
          'exp',
          'iat',
          'sid',
          'name',
          'picture',
          'email',
          'email_verified',
        ]),
      );
      expect(response.body.token_endpoint_auth_signing_alg_values_supported).toEqual(
        expect.arrayContaining(['RS256', 'ES256', 'EdDSA']),
      );
      expect(response.body.token_endpoint_auth_signing_alg_values_supported).not.toContain('HS256');
      // Dynamic registration is off by default: no endpoint advertised for it.
      expect(response.body).not.toHaveProperty('registration_endpoint');
    });

    it('GET /.well-known/oauth-authorization-server answers the RFC 8414 metadata without the OpenID fields', async () => {
      const response = await h().client().get('/.well-known/oauth-authorization-server');
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
      expect(response.body).toMatchObject({
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/oauth2/authorize`,
        token_endpoint: `${ISSUER}/oauth2/token`,
        jwks_uri: `${ISSUER}/jwks`,
        code_challenge_methods_supported: ['S256'],
        introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'private_key_jwt'],
        revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'private_key_jwt'],
      });
      expect(response.body).not.toHaveProperty('userinfo_endpoint');
      expect(response.body).not.toHaveProperty('id_token_signing_alg_values_supported');
    });

    it('advertises the registration endpoint when dynamic registration is authenticated or open', () => {
      for (const dynamicRegistration of ['authenticated', 'open'] as const) {
        const metadata = authorizationServerMetadata(
          h().auth.context,
          resolveOAuthProviderOptions({ dynamicRegistration }),
        );
        expect(metadata.registration_endpoint).toBe(`${ISSUER}/oauth2/register`);
      }
    });

    it('serves the documents without a session, and refuses a POST', async () => {
      const { client } = await h().signUp();
      expect((await client.get('/.well-known/openid-configuration')).body.issuer).toBe(ISSUER);
      expect((await h().client().post('/.well-known/openid-configuration', {})).status).toBe(404);
    });
  },
  withOAuthProvider({ scopes: ['read:notes'] }),
);
