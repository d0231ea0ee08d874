/**
 * @module "Is this username free?" while the user types: asked once the typing pauses (300 ms)
 * and only for a username the rules accept (the server would answer a rule's error, which the
 * field already shows). The answer is a hint; sign-up itself is what reserves the name.
 */
import { useQuery } from '@tanstack/react-query';
import type { ClientError } from '@latchkey/client';
import { useAuthClient } from '../../../lib/auth';
import { clientErrorOf, unwrap } from '../../../lib/unwrap';
import { usernameProblem } from '../../../lib/credential-rules';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

export const USERNAME_CHECK_DELAY_MS = 300;

export type UsernameAvailability =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'available' }
  | { status: 'taken' }
  | { status: 'failed'; error: ClientError };

function checkable(typed: string): boolean {
  return typed !== '' && usernameProblem(typed) === null;
}

export function useUsernameAvailability(username: string): UsernameAvailability {
  const client = useAuthClient();
  const settled = useDebouncedValue(username, USERNAME_CHECK_DELAY_MS);
  const query = useQuery({
    // Usernames are stored lower-cased: `Alice` and `alice` are one question.
    queryKey: ['auth', 'is-username-available', settled.toLowerCase()],
    queryFn: () => unwrap(client.isUsernameAvailable({ username: settled })),
    enabled: checkable(settled),
    staleTime: 0,
  });
  if (!checkable(username)) return { status: 'idle' };
  if (username !== settled || query.isFetching) return { status: 'checking' };
  if (query.error) return { status: 'failed', error: clientErrorOf(query.error)! };
  if (query.data) return query.data.available ? { status: 'available' } : { status: 'taken' };
  return { status: 'idle' };
}
