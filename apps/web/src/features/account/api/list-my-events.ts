/**
 * @module GET /audit/list-my-events: the signed-in user's own recent security events, newest
 * first (sign-ins and failed attempts, password and e-mail changes, revoked sessions, …).
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient, useSession } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { accountKeys } from './account-keys';

/** Enough for a person to spot a sign-in that was not theirs; the server allows up to 100. */
export const RECENT_EVENTS = 20;

export function useListMyEvents() {
  const client = useAuthClient();
  const userId = useSession().data?.user.id;
  return useQuery({
    queryKey: accountKeys.activity(userId),
    queryFn: async () => (await unwrap(client.audit.listMyEvents({ query: { limit: RECENT_EVENTS } }))).events,
    enabled: Boolean(userId),
  });
}
