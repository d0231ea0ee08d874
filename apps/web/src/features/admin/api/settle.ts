/**
 * @module The mutations here throw (TanStack Query's way); `useServerForm` wants the client's
 * `{ data, error }` back so it can put the error next to its field. `settle` turns one into the other.
 */
import type { AppResult } from '../../../lib/auth';
import { clientErrorOf } from '../../../lib/unwrap';

export async function settle<T>(promise: Promise<T>): Promise<AppResult<T>> {
  try {
    return { data: await promise, error: null };
  } catch (error) {
    return { data: null, error: clientErrorOf(error)! };
  }
}
