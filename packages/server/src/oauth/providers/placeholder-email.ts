/**
 * @module The address a user gets from a provider that never gives one (TikTok, Reddit, Roblox),
 * as better-auth gives Reddit users: `<provider's user id>@<provider>.invalid`. Without it those
 * providers could never sign anyone in (`email_not_found`). The id, not the username, because a
 * username can be renamed and later taken by someone else; `.invalid` (RFC 2606) because no mail
 * can ever reach it and no real address can collide with it. Always unverified, so it never links
 * an identity to an existing user.
 */
export function placeholderEmail(providerId: string, userId: string): string {
  return `${userId}@${providerId}.invalid`;
}
