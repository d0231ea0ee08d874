/**
 * @module The events of a social sign-in or link, told by the routes that know the provider and
 * the request (the OAuth callback, the id_token sign-in): method `social:<provider>`, and for a
 * failure the callback's error or the refusal's code, never the provider's tokens.
 */
import type { User } from '../db/records';
import { emitEvent, errorCodeOf, type EventOrigin } from '../events/emit-event';

export const socialMethod = (providerId: string) => `social:${providerId}`;

/** A user created by a provider's identity; the sign-in's own event is `finishSignIn`'s. */
export function emitSocialSignUp(origin: EventOrigin, providerId: string, user: User): void {
  emitEvent(origin, 'sign-up', { method: socialMethod(providerId), userId: user.id, actorUserId: user.id });
}

/** `reason`: a callback error (`signup disabled`) or what was thrown (a ban: BANNED_USER). */
export function emitSocialSignInFailure(origin: EventOrigin, providerId: string, reason: unknown): void {
  emitEvent(origin, 'sign-in', {
    outcome: 'failure',
    method: socialMethod(providerId),
    detail: { code: typeof reason === 'string' ? reason : errorCodeOf(reason) },
  });
}

export function emitSocialLink(
  origin: EventOrigin,
  providerId: string,
  userId: string,
  failure: string | undefined,
): void {
  emitEvent(origin, 'account-linked', {
    method: socialMethod(providerId),
    userId,
    actorUserId: userId,
    ...(failure === undefined ? {} : { outcome: 'failure' as const, detail: { code: failure } }),
  });
}
