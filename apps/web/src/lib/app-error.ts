/**
 * @module The standalone server's error codes as the app sees them, apart from the client that
 * answers them so that `unwrap` and `auth.tsx` both read them without importing each other.
 */
import type { ClientError, ClientResult, ErrorCodeOf } from '@latchkey/client';
import type { StandaloneAuth } from '@latchkey/standalone';

/** The server's error codes, its plugins' included: comparing a code with any other string does not compile. */
export type ErrorCode = ErrorCodeOf<StandaloneAuth>;
export type AppError = ClientError<ErrorCode>;
export type AppResult<T> = ClientResult<T, ErrorCode>;
