/**
 * @module What an account row keeps of a provider's token response, as first stored, at a
 * sign-in, at a link and at a refresh. Scopes are stored comma-separated (SPEC §3). A provider
 * that does not send a new refresh token (most do not, at sign-in or refresh) keeps the old one.
 * A sign-in leaves the scopes alone, as in better-auth: they change only when the user links the
 * provider again, asking for more.
 */
import type { AccountTokens } from '../db/provider-account-store';
import type { ProviderTokens } from './provider';

export function joinScopes(scopes: readonly string[]): string | null {
  return scopes.length > 0 ? scopes.join(',') : null;
}

/** The stored scopes and newly granted ones, each once. */
export function mergeScopes(stored: string | null, granted: readonly string[]): string | null {
  const current = stored
    ? stored
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
  return joinScopes([...new Set([...current, ...granted])]);
}

export function newAccountTokens(tokens: ProviderTokens): AccountTokens {
  return {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    idToken: tokens.idToken,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
    scope: joinScopes(tokens.scopes),
  };
}

/** The columns a new token response replaces; what it lacks stays as stored. */
export function renewedAccountTokens(tokens: ProviderTokens): Partial<AccountTokens> {
  const renewed: Partial<AccountTokens> = {};
  if (tokens.accessToken !== null) {
    renewed.accessToken = tokens.accessToken;
    renewed.accessTokenExpiresAt = tokens.accessTokenExpiresAt;
  }
  if (tokens.refreshToken !== null) renewed.refreshToken = tokens.refreshToken;
  // A refresh answer rarely restates the refresh token's lifetime (better-auth keeps it too).
  if (tokens.refreshTokenExpiresAt !== null) renewed.refreshTokenExpiresAt = tokens.refreshTokenExpiresAt;
  if (tokens.idToken !== null) renewed.idToken = tokens.idToken;
  return renewed;
}
