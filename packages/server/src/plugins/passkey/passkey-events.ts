/**
 * @module The passkey sign-in's failure events, told as the other sign-ins tell theirs: method
 * `passkey`, the account it was on when known, the error code. A success is `finishSignIn`'s.
 */
import { emitEvent, errorCodeOf, type EventOrigin } from '../../plugin';

export function emitPasskeySignInFailure(origin: EventOrigin, userId: string | null, error: unknown): void {
  emitEvent(origin, 'sign-in', { outcome: 'failure', method: 'passkey', userId, detail: { code: errorCodeOf(error) } });
}
