/**
 * @module A failed command's one line for stderr: a configuration problem as the server reports
 * it, any other error with its cause (a database that does not answer says so), never a stack.
 */
import { ConfigError } from '../config';

export function describeFailure(error: unknown): string {
  if (error instanceof ConfigError) return error.message;
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
