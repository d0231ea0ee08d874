/**
 * @module The bridge from the client's `{ data, error }` to TanStack Query, which expects a thrown
 * error: `unwrap` throws a `ServerCallError` carrying the catalogue's code and message.
 */
import { unknownError } from '@latchkey/client';
import type { AppError, AppResult } from './app-error';

export class ServerCallError extends Error {
  readonly error: AppError;
  constructor(error: AppError) {
    super(error.message);
    this.name = 'ServerCallError';
    this.error = error;
  }
}

export async function unwrap<T>(call: Promise<AppResult<T>>): Promise<T> {
  const result = await call;
  if (result.error) throw new ServerCallError(result.error);
  return result.data as T;
}

/** The ClientError inside whatever a query or mutation failed with. */
export function clientErrorOf(error: unknown): AppError | null {
  if (!error) return null;
  if (error instanceof ServerCallError) return error.error;
  return unknownError(error instanceof Error ? error.message : String(error));
}
