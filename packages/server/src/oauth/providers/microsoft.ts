/**
 * @module Microsoft Entra ID (OpenID Connect v2.0 with PKCE), for one tenant or the multi-tenant
 * `common`, `organizations` and `consumers` endpoints. On those the issuer is not fixed: an
 * id_token names its user's own tenant (`https://login.microsoftonline.com/{tid}/v2.0`), so the
 * issuer checked is the one the token's `tid` gives, and the tenant must fit the endpoint's class
 * (no personal account through `organizations`, only personal ones through `consumers`), as
 * better-auth checks it. The account id is `oid`, the user's id across the tenant's applications.
 *
 * Trusted for linking, but an address counts as verified only when Entra says so: the optional
 * `email_verified` claim, or the address among `verified_primary_email` / `verified_secondary_email`.
 * The bare `email` claim is whatever a tenant's admin typed, and never verifies anything alone.
 * The Graph profile photo is not fetched: the image is the `picture` claim when there is one.
 */
import type { JWTPayload } from 'jose';
import { createOidcClient } from '../oidc';
import type { OAuthProvider, ProviderCredentials } from '../provider';
import { defineOidcProvider, scopesWith, withEndpoints } from './define-provider';

export interface MicrosoftOptions extends ProviderCredentials {
  /** A tenant id or domain, or `common` (the default), `organizations`, `consumers`. */
  tenantId?: string | undefined;
  /** `https://login.microsoftonline.com` by default; `https://<tenant>.ciamlogin.com` for External ID. */
  authority?: string | undefined;
  prompt?: string | undefined;
}

/** The tenant every personal Microsoft account belongs to. */
const CONSUMER_TENANT_ID = '9188040d-6c67-4c5b-b112-36a304b66dad';
const MULTI_TENANT = new Set(['common', 'organizations', 'consumers']);
const DEFAULT_SCOPES = ['openid', 'profile', 'email', 'User.Read', 'offline_access'];

export function microsoft(options: MicrosoftOptions): OAuthProvider {
  const tenant = options.tenantId || 'common';
  const authority = (options.authority ?? 'https://login.microsoftonline.com').replace(/\/+$/, '');
  const { issuer, ...endpoints } = withEndpoints(
    {
      issuer: `${authority}/${tenant}/v2.0`,
      authorization: `${authority}/${tenant}/oauth2/v2.0/authorize`,
      token: `${authority}/${tenant}/oauth2/v2.0/token`,
      jwks: `${authority}/${tenant}/discovery/v2.0/keys`,
    },
    options,
  );
  const scopes = scopesWith(DEFAULT_SCOPES, options);
  const issuerOfTenant = (claims: JWTPayload) => `${authority}/${String(claims.tid)}/v2.0`;
  const client = createOidcClient({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    issuer,
    endpoints,
    pkce: true,
    scopes,
    authorizationParams: options.prompt ? { prompt: options.prompt } : undefined,
    // Microsoft refreshes only the scopes named again.
    refreshParams: { scope: scopes.join(' ') },
    issuerOf: MULTI_TENANT.has(tenant) ? issuerOfTenant : undefined,
    verifyClaims(claims) {
      if (typeof claims.tid !== 'string' || claims.iss !== issuerOfTenant(claims)) return false;
      if (tenant === 'organizations') return claims.tid !== CONSUMER_TENANT_ID;
      if (tenant === 'consumers') return claims.tid === CONSUMER_TENANT_ID;
      return true;
    },
    maxTokenAge: '1h',
  });
  return defineOidcProvider({
    id: 'microsoft',
    name: 'Microsoft',
    credentials: options,
    trustedForLinking: true,
    client,
    profile(claims) {
      if (typeof claims.oid !== 'string' || claims.oid.trim() === '') return null;
      const email = typeof claims.email === 'string' ? claims.email : null;
      const listed = (name: string) => Array.isArray(claims[name]) && (claims[name] as unknown[]).includes(email);
      return {
        id: claims.oid,
        email,
        emailVerified:
          email !== null &&
          (typeof claims.email_verified === 'boolean'
            ? claims.email_verified
            : listed('verified_primary_email') || listed('verified_secondary_email')),
        name: typeof claims.name === 'string' ? claims.name : '',
        image: typeof claims.picture === 'string' ? claims.picture : null,
      };
    },
  });
}
