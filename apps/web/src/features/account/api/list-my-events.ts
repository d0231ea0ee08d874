/**
 * @module GET /audit/list-my-events: the signed-in user's own recent security events, newest
 * first (sign-ins and failed attempts, password and e-mail changes, revoked sessions, …). Called
 * by path: the route is the audit log's own, which no client plugin types.
 */
import { useQuery } from '@tanstack/react-query';
import type { AuditEvent } from '../../../lib/audit-event';
import { useAuthClient, useSession, type AppResult } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { accountKeys } from './account-keys';

export const LIST_MY_EVENTS_PATH = '/audit/list-my-events';
/** Enough for a person to spot a sign-in that was not theirs; the server allows up to 100. */
export const RECENT_EVENTS = 20;

export function useListMyEvents() {
  const client = useAuthClient();
  const userId = useSession().data?.user.id;
  return useQuery({
    queryKey: accountKeys.activity(userId),
    queryFn: async () => {
      const call = client.$fetch<{ events: AuditEvent[] }>(
        LIST_MY_EVENTS_PATH,
        { query: { limit: RECENT_EVENTS } },
        { method: 'GET' },
      ) as Promise<AppResult<{ events: AuditEvent[] }>>;
      return (await unwrap(call)).events;
    },
    enabled: Boolean(userId),
  });
}
