/**
 * @module Any OpenID Provider configured from its issuer URL (Keycloak, Authentik, Okta, an Entra
 * tenant, …): endpoints and keys come from its discovery document, read on the first sign-in; each
 * may be overridden. The profile is the id_token's claims with userinfo's over them.
 *
 * Not trusted for linking by default: an OP's `email_verified` is only as good as that OP's own
 * policy (many let users or admins set any address), so a deployment that knows its OP verifies
 * addresses says so with `trustedForLinking`.
 */
import { claimIsTrue, createOidcClient } from '../oidc';
import type { OAuthProvider, ProviderCredentials, ProviderProfile } from '../provider';
import { defineOidcProvider } from './define-provider';

export interface OidcProviderOptions extends ProviderCredentials {
  /** The `provider` of `/sign-in/social` and the `{id}` of `/callback/{id}`. */
  id?: string | undefined;
  /** The button's label. */
  name?: string | undefined;
  issuer: string;
  /** Replaces the default `openid email profile`; `openid` is always asked for. */
  scopes?: readonly string[] | undefined;
}

const DEFAULT_SCOPES = ['openid', 'email', 'profile'];

export function oidc(options: OidcProviderOptions): OAuthProvider {
  const client = createOidcClient({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    issuer: options.issuer,
    endpoints: options.endpoints,
    pkce: true,
    scopes: [...new Set(['openid', ...(options.scopes ?? DEFAULT_SCOPES)])],
    userInfo: true,
  });
  return defineOidcProvider({
    id: options.id ?? 'oidc',
    name: options.name ?? 'OpenID Connect',
    credentials: options,
    trustedForLinking: false,
    client,
    profile: profileFromClaims,
  });
}

/** The standard claims mapped; null without a subject. */
export function profileFromClaims(claims: Record<string, unknown>): ProviderProfile | null {
  const text = (name: string) =>
    typeof claims[name] === 'string' && claims[name] !== '' ? (claims[name] as string) : null;
  const id = text('sub');
  if (id === null) return null;
  const email = text('email');
  const fullName = [text('given_name'), text('family_name')].filter(Boolean).join(' ');
  return {
    id,
    email,
    emailVerified: email !== null && claimIsTrue(claims.email_verified),
    name: text('name') ?? text('preferred_username') ?? (fullName || (email?.split('@')[0] ?? '')),
    image: text('picture'),
  };
}
