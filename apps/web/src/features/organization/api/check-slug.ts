/**
 * @module Whether a slug is free (POST /organization/check-slug), asked as the user types: the
 * value settles for SLUG_CHECK_DELAY ms before one request goes out, so typing a word costs one
 * request, not one per key. The server answers 400 SLUG_IS_TAKEN for a taken slug.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ServerCallError } from '../../../lib/unwrap';
import { SLUG_PATTERN } from '../lib/slug';
import { organizationKeys } from './organization-keys';

export const SLUG_CHECK_DELAY = 300;

export type SlugStatus = 'idle' | 'checking' | 'available' | 'taken' | 'failed';

/** `unchanged`: the organization's current slug, which is its own and needs no check. */
export function useSlugCheck(slug: string, unchanged?: string): SlugStatus {
  const client = useAuthClient();
  const settled = useDebouncedValue(slug, SLUG_CHECK_DELAY);
  const enabled = SLUG_PATTERN.test(settled) && settled !== unchanged;
  const query = useQuery({
    queryKey: organizationKeys.slug(settled),
    queryFn: async () => {
      const result = await client.organization.checkSlug({ slug: settled });
      if (result.error?.code === 'SLUG_IS_TAKEN') return 'taken' as const;
      if (result.error) throw new ServerCallError(result.error);
      return 'available' as const;
    },
    enabled,
    // Someone else may take a slug at any moment: a remembered answer is only a hint.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  if (!SLUG_PATTERN.test(slug) || slug === unchanged) return 'idle';
  if (slug !== settled || query.isFetching) return 'checking';
  if (query.isError) return 'failed';
  return query.data ?? 'checking';
}
