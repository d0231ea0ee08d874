/**
 * @module The passkey sign-in's events, told as the other sign-ins tell theirs: method `passkey`,
 * the account it was on when known, a failure's error code.
 */
import { emitEvent, errorCodeOf, type EventOrigin } from '../../plugin-api';

export function emitPasskeySignIn(origin: EventOrigin, userId: string): void {
  emitEvent(origin, 'sign-in', { method: 'passkey', userId, actorUserId: userId });
}

export function emitPasskeySignInFailure(origin: EventOrigin, userId: string | null, error: unknown): void {
  emitEvent(origin, 'sign-in', { outcome: 'failure', method: 'passkey', userId, detail: { code: errorCodeOf(error) } });
}
