/**
 * @module Twitch (OpenID Connect, no PKCE). The e-mail, whether Twitch verified it, the login name
 * and the picture come in the id_token only when the authorization request asks for them as claims
 * (OIDC's `claims` parameter), as better-auth asks. Twitch's token response lists the scopes as a
 * JSON array, which is joined into the standard string. Like better-auth, no id_token sign-in.
 *
 * Trusted for linking: Twitch's `email_verified` is true only after its confirmation mail was followed.
 */
import { claimIsTrue, createOidcClient } from '../oidc';
import type { OAuthProvider, ProviderCredentials } from '../provider';
import { defineOidcProvider, scopesWith, withEndpoints } from './define-provider';

export interface TwitchOptions extends ProviderCredentials {
  /** The id_token claims asked for; `email` and `email_verified` always are. */
  claims?: readonly string[] | undefined;
}

const ENDPOINTS = {
  issuer: 'https://id.twitch.tv/oauth2',
  authorization: 'https://id.twitch.tv/oauth2/authorize',
  token: 'https://id.twitch.tv/oauth2/token',
  jwks: 'https://id.twitch.tv/oauth2/keys',
};
const DEFAULT_SCOPES = ['user:read:email', 'openid'];
const DEFAULT_CLAIMS = ['email', 'email_verified', 'preferred_username', 'picture'];

export function twitch(options: TwitchOptions): OAuthProvider {
  const { issuer, ...endpoints } = withEndpoints(ENDPOINTS, options);
  const claims = Object.fromEntries(
    ['email', 'email_verified', ...(options.claims ?? DEFAULT_CLAIMS)].map((claim) => [claim, null]),
  );
  const client = createOidcClient({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    issuer,
    endpoints,
    pkce: false,
    scopes: scopesWith(DEFAULT_SCOPES, options),
    authorizationParams: { claims: JSON.stringify({ id_token: claims }) },
    mendTokenResponse: (json) => (Array.isArray(json.scope) ? { ...json, scope: json.scope.join(' ') } : json),
  });
  return defineOidcProvider({
    id: 'twitch',
    name: 'Twitch',
    credentials: options,
    trustedForLinking: true,
    client,
    idTokenSignIn: false,
    profile(profile) {
      if (typeof profile.sub !== 'string') return null;
      const email = typeof profile.email === 'string' ? profile.email : null;
      return {
        id: profile.sub,
        email,
        emailVerified: email !== null && claimIsTrue(profile.email_verified),
        name: typeof profile.preferred_username === 'string' ? profile.preferred_username : '',
        image: typeof profile.picture === 'string' ? profile.picture : null,
      };
    },
  });
}
