/**
 * @module After impersonating or stopping, the browser acts as someone else. The session store
 * is reloaded before the app navigates, so the guards already see the new user (and the app's
 * providers drop every answer cached for the previous one).
 */
import { useSession } from '../../../lib/auth';

export function useForgetIdentity(): () => Promise<void> {
  const { refetch } = useSession();
  return refetch;
}
