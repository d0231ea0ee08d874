/**
 * @module The sign-in continuation a plugin gave a call (`PluginHooks.signInContinuation`), known by
 * the call's response cookies (one object per call), as `sessionCreatedIn` knows its session: how
 * a sign-in that leaves for a provider's round trip (POST /sign-in/social) finds the continuation
 * to keep with its OAuth state, without every handler being handed it.
 */
import type { SignInContinuation } from '../auth/context';
import type { ResponseCookies } from '../http/cookies';

const continuationOfCall = new WeakMap<ResponseCookies, SignInContinuation>();

export function noteCallContinuation(cookies: ResponseCookies, continuation: SignInContinuation): void {
  continuationOfCall.set(cookies, continuation);
}

/** The `resumable` form of this call's continuation, if it has one that can survive a round trip. */
export function resumableContinuationOf(cookies: ResponseCookies): string | undefined {
  return continuationOfCall.get(cookies)?.resumable;
}
