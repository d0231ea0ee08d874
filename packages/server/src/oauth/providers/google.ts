/**
 * @module Google (OpenID Connect with PKCE). The profile is the id_token's claims: Google puts the
 * e-mail, whether it verified it, the name and the picture there. A refresh token comes only with
 * `accessType: 'offline'` (Google's `access_type`), and again after the first consent only with
 * `prompt: 'consent'`; both are the deployment's choice, as in better-auth.
 *
 * Trusted for linking: Google asserts `email_verified` only for addresses it confirmed (Gmail, or a
 * Workspace domain whose owner proved it).
 */
import { createOidcClient } from '../oidc';
import type { OAuthProvider, ProviderCredentials } from '../provider';
import { defineOidcProvider, scopesWith, withEndpoints } from './define-provider';

export interface GoogleOptions extends ProviderCredentials {
  accessType?: 'offline' | 'online' | undefined;
  /** Google's `prompt`: `consent` to be asked again (and be given a new refresh token), `select_account`, … */
  prompt?: string | undefined;
  display?: 'page' | 'popup' | 'touch' | 'wap' | undefined;
  /** A Workspace domain the user must belong to (`*`: any Workspace domain), checked on the id_token's `hd`. */
  hd?: string | undefined;
  /** Let new tokens carry scopes granted earlier (Google's incremental authorization); default true. */
  includeGrantedScopes?: boolean | undefined;
  /** The client ids an id_token held by a client may be issued to (Android, iOS apps); default the client id. */
  audience?: readonly string[] | undefined;
}

const ENDPOINTS = {
  issuer: 'https://accounts.google.com',
  authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  jwks: 'https://www.googleapis.com/oauth2/v3/certs',
};
const DEFAULT_SCOPES = ['email', 'profile', 'openid'];

export function google(options: GoogleOptions): OAuthProvider {
  const { issuer, ...endpoints } = withEndpoints(ENDPOINTS, options);
  const authorizationParams: Record<string, string> = {};
  if (options.includeGrantedScopes !== false) authorizationParams.include_granted_scopes = 'true';
  if (options.accessType) authorizationParams.access_type = options.accessType;
  if (options.prompt) authorizationParams.prompt = options.prompt;
  if (options.display) authorizationParams.display = options.display;
  if (options.hd) authorizationParams.hd = options.hd;
  const client = createOidcClient({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    issuer,
    endpoints,
    pkce: true,
    scopes: scopesWith(DEFAULT_SCOPES, options),
    authorizationParams,
    audience: options.audience,
    // Google's older tokens name the issuer without the scheme.
    issuerOf: (claims) => (claims.iss === 'accounts.google.com' ? 'accounts.google.com' : issuer),
    // `hd` in the URL is only a hint the user can remove; the signed claim decides.
    verifyClaims: (claims) => hostedDomainAllowed(options.hd, claims.hd),
    maxTokenAge: '1h',
  });
  return defineOidcProvider({
    id: 'google',
    name: 'Google',
    credentials: options,
    trustedForLinking: true,
    client,
    profile(claims) {
      if (typeof claims.sub !== 'string') return null;
      const email = typeof claims.email === 'string' ? claims.email : null;
      return {
        id: claims.sub,
        email,
        emailVerified: email !== null && claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : '',
        image: typeof claims.picture === 'string' ? claims.picture : null,
      };
    },
  });
}

function hostedDomainAllowed(configured: string | undefined, claimed: unknown): boolean {
  if (!configured) return true;
  if (typeof claimed !== 'string' || claimed === '') return false;
  return configured === '*' || claimed === configured;
}
