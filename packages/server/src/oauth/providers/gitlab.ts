/**
 * @module GitLab (OAuth 2.0 with PKCE), gitlab.com or a self-hosted instance given by its base URL
 * (`issuer`). The profile is the REST API's `/api/v4/user`, as better-auth reads it: a blocked or
 * locked user is refused, and the address counts as verified only where the answer says
 * `email_verified` (most instances never do, so GitLab identities link nothing implicitly).
 *
 * Trusted for linking on gitlab.com; a self-hosted instance is trusted only when configured so,
 * since its administrators can set any user's address.
 */
import { fetchJson } from '../oauth2';
import { assertSecureURL } from '../oidc';
import type { OAuthProvider, ProviderCredentials } from '../provider';
import { defineOAuth2Provider } from './define-provider';

export interface GitlabOptions extends ProviderCredentials {
  /** A self-hosted instance's base URL; `https://gitlab.com` by default. */
  issuer?: string | undefined;
}

interface GitlabProfile {
  id: number;
  username: string;
  name: string | null;
  email: string | null;
  email_verified?: boolean;
  avatar_url: string | null;
  state: string;
  locked?: boolean;
}

const GITLAB_COM = 'https://gitlab.com';
const DEFAULT_SCOPES = ['read_user'];

export function gitlab(options: GitlabOptions): OAuthProvider {
  const base = (options.issuer ?? GITLAB_COM).replace(/\/+$/, '');
  assertSecureURL(base, 'GitLab URL');
  const instance = {
    authorization: `${base}/oauth/authorize`,
    token: `${base}/oauth/token`,
    userInfo: `${base}/api/v4/user`,
  };
  return defineOAuth2Provider({
    id: 'gitlab',
    name: 'GitLab',
    credentials: options,
    defaults: { endpoints: instance, scopes: DEFAULT_SCOPES, trustedForLinking: base === GITLAB_COM },
    settings: { pkce: true },
    async getUserInfo(tokens, endpoints) {
      const profile = (await fetchJson(endpoints.userInfo, tokens.accessToken)) as GitlabProfile | null;
      if (!profile || profile.id === undefined || profile.state !== 'active' || profile.locked === true) return null;
      return {
        id: String(profile.id),
        email: profile.email || null,
        emailVerified: Boolean(profile.email) && profile.email_verified === true,
        name: profile.name || profile.username || '',
        image: profile.avatar_url || null,
      };
    },
  });
}
