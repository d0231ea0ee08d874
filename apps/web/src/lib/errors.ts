/**
 * @module Server errors as readable, translated text: the catalogue's code is the key in the
 * `errors` namespace, and the server's own (English) message is the fallback for a code the app
 * does not know yet.
 */
import type { ClientError } from '@latchkey/client';
import type { TFunction } from 'i18next';

export function errorMessage(t: TFunction, error: Pick<ClientError, 'code' | 'message'>): string {
  return t(error.code, { ns: 'errors', defaultValue: error.message });
}

/** The field a VALIDATION_ERROR names (`details: [{ path, message }]`), if any. */
export function invalidFields(error: ClientError): string[] {
  const details = (error.details as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details)) return [];
  return details.flatMap((detail: unknown) =>
    detail && typeof detail === 'object' && 'path' in detail ? [String(detail.path)] : [],
  );
}
