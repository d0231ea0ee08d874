/**
 * @module The TanStack Query keys of the account screens. Keyed by the signed-in user, so a
 * different user signing in on the same tab never sees the previous user's cached lists.
 */
export const accountKeys = {
  all: ['account'] as const,
  sessions: (userId: string | undefined) => ['account', userId, 'sessions'] as const,
  accounts: (userId: string | undefined) => ['account', userId, 'accounts'] as const,
  trustedDevices: (userId: string | undefined) => ['account', userId, 'trusted-devices'] as const,
  consents: (userId: string | undefined) => ['account', userId, 'oauth-consents'] as const,
  /** Stale after every account change (`app/stale-after.ts`): each one is an event of its own. */
  activity: (userId: string | undefined) => ['account', userId, 'activity'] as const,
};
