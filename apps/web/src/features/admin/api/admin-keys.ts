/**
 * @module The admin console's TanStack Query keys. Every key starts with `admin`, so a change made
 * by any admin action invalidates the lists, the user and the sessions at once (`app/stale-after.ts`):
 * they are cheap to reload, and a stale row after a ban or a role change would mislead the admin.
 */
import type { ListAuditEventsQuery, ListOAuthClientsQuery, ListUsersQuery } from './admin-types';

export const adminKeys = {
  all: ['admin'] as const,
  /** Every page of the users list. */
  userLists: ['admin', 'users'] as const,
  users: (query: ListUsersQuery) => ['admin', 'users', query] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  sessions: (userId: string) => ['admin', 'user-sessions', userId] as const,
  accounts: (userId: string) => ['admin', 'user-accounts', userId] as const,
  passkeys: (userId: string) => ['admin', 'user-passkeys', userId] as const,
  organizations: (userId: string) => ['admin', 'user-organizations', userId] as const,
  /** A page of the audit log: any admin action adds events, so it is stale after each too. */
  auditEvents: (query: ListAuditEventsQuery) => ['admin', 'audit-events', query] as const,
  /** Every page of the applications (OAuth clients) list. */
  oauthClientLists: ['admin', 'oauth-clients'] as const,
  oauthClients: (query: ListOAuthClientsQuery) => ['admin', 'oauth-clients', query] as const,
  oauthClient: (clientId: string) => ['admin', 'oauth-client', clientId] as const,
  oauthClientConsents: (clientId: string) => ['admin', 'oauth-client-consents', clientId] as const,
  oauthClientTokens: (clientId: string) => ['admin', 'oauth-client-tokens', clientId] as const,
};
