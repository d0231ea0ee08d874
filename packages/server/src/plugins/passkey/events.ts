/**
 * @module The passkey plugin's events: the two it adds to the engine's registry
 * (plugin/event-registry.ts), and its sign-in's failures, told as the other sign-ins tell theirs (the
 * core's `sign-in`): method `passkey`, the account it was on when known, the error code. A success
 * is `finishSignIn`'s.
 */
import { emitEvent, errorCodeOf, type DeclaredEvents, type EventOrigin } from '../../plugin';

export const PASSKEY_EVENTS = ['passkey-added', 'passkey-removed'] as const;

// The registry's own module, not '../../plugin': see plugin/event-registry.ts.
declare module '../../plugin/event-registry' {
  interface AuthEventRegistry extends DeclaredEvents<typeof PASSKEY_EVENTS> {}
}

export function emitPasskeySignInFailure(origin: EventOrigin, userId: string | null, error: unknown): void {
  emitEvent(origin, 'sign-in', { outcome: 'failure', method: 'passkey', userId, detail: { code: errorCodeOf(error) } });
}
