/**
 * @module GET /audit/list-my-events: the signed-in user's own recent security events, newest
 * first (sign-ins and failed attempts, password and e-mail changes, revoked sessions, …), a page at
 * a time: the server says whether an older page exists (`hasMore`), and "Show more" asks for it.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useAuthClient, useSession } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';
import { accountKeys } from './account-keys';

/** Enough for a person to spot a sign-in that was not theirs; the server allows up to 100. */
export const RECENT_EVENTS = 20;

export function useListMyEvents() {
  const client = useAuthClient();
  const userId = useSession().data?.user.id;
  return useInfiniteQuery({
    queryKey: accountKeys.activity(userId),
    initialPageParam: 0,
    queryFn: async ({ pageParam }) => {
      const query = pageParam === 0 ? { limit: RECENT_EVENTS } : { limit: RECENT_EVENTS, offset: pageParam };
      return unwrap(client.audit.listMyEvents({ query }));
    },
    getNextPageParam: (last, pages) =>
      last.hasMore === true ? pages.reduce((count, page) => count + page.events.length, 0) : undefined,
    select: (data) => data.pages.flatMap((page) => page.events),
    enabled: Boolean(userId),
  });
}
