/**
 * @module What went wrong in a WebAuthn ceremony the browser ran (@simplewebauthn/browser), told
 * apart from the server's refusals: the user closing or not answering the browser's prompt is
 * NotAllowedError (the spec gives no finer reason, on purpose), an authenticator that already holds
 * one of the account's credentials is InvalidStateError, and a browser without WebAuthn throws
 * before any prompt. A ServerCallError is the server's and is shown with its catalogue text instead.
 */
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { ServerCallError } from './unwrap';

export type CeremonyFailure = 'cancelled' | 'unsupported' | 'alreadyRegistered' | 'failed';

/** Thrown by a ceremony's step in the browser; `kind` says which text to show. */
export class CeremonyError extends Error {
  readonly kind: CeremonyFailure;
  constructor(kind: CeremonyFailure, cause: unknown) {
    super(`passkey ceremony: ${kind}`, { cause });
    this.name = 'CeremonyError';
    this.kind = kind;
  }
}

function kindOf(error: unknown): CeremonyFailure {
  if (!browserSupportsWebAuthn()) return 'unsupported';
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: unknown } | null)?.code;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return 'cancelled';
  if (name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'alreadyRegistered';
  return 'failed';
}

/** Runs the browser's part of a ceremony; its failure becomes a CeremonyError. */
export async function inBrowser<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (cause) {
    if (cause instanceof ServerCallError) throw cause;
    throw new CeremonyError(kindOf(cause), cause);
  }
}

export function ceremonyFailureOf(error: unknown): CeremonyFailure | null {
  return error instanceof CeremonyError ? error.kind : null;
}
