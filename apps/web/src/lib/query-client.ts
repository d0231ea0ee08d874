/**
 * @module The app's query cache and its defaults. The auth server is the source of truth: no
 * retries that would repeat a refused action, and answers older than five seconds reload when the
 * window regains focus or a screen that shows them mounts.
 */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 5_000 }, mutations: { retry: false } },
  });
}
