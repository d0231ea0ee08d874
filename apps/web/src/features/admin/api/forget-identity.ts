/**
 * @module After impersonating or stopping, the browser acts as someone else. The app waits for the
 * session's reload before it navigates, so the guards already see the new user (and the cache
 * drops every answer it holds for the previous one).
 */
import { useSession } from '../../../lib/auth';

export function useForgetIdentity(): () => Promise<void> {
  const { refetch } = useSession();
  return refetch;
}
