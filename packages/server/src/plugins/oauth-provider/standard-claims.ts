/**
 * @module The OpenID Connect standard claims a user has, by scope (OIDC Core §5.4), as
 * better-auth's standard-claims.ts derives them: `profile` gives name, picture and the given and
 * family names split from the display name; `email` gives email and email_verified.
 */
import type { User } from '../../plugin';

/** "Ada King Lovelace" → given "Ada King", family "Lovelace"; one word gives neither. */
function splitDisplayName(name: string): { given_name?: string; family_name?: string } {
  const parts = name.split(' ').filter(Boolean);
  if (parts.length <= 1) return {};
  return { given_name: parts.slice(0, -1).join(' '), family_name: parts.at(-1)! };
}

export function standardClaims(user: User, scopes: readonly string[]): Record<string, unknown> {
  return {
    sub: user.id,
    ...(scopes.includes('profile')
      ? { name: user.name, ...(user.image ? { picture: user.image } : {}), ...splitDisplayName(user.name) }
      : {}),
    ...(scopes.includes('email') ? { email: user.email, email_verified: user.emailVerified } : {}),
  };
}
