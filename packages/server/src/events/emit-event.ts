/**
 * @module `emitEvent(ctx, type, fields)`: one short call at each place where something happens to
 * an account. It fills in what every event of a request shares — the time, the client's address as
 * the router determined it, its user agent, the real actor of an impersonation session — so
 * emission points name only what is theirs. The
 * observers (audit log, metrics) are told synchronously and never fail the request (events/observer.ts).
 */
import type { AuthContext } from '../auth/context';
import { AuthError } from '../endpoint/errors';
import { eventActorFor } from './event-actor';
import type { RequestHeaders } from '../http/transport';
import { userAgentOf } from '../http/user-agent';
import { requestLanguage } from '../i18n/request-language';
import type { AuthEventType } from '../plugin/event-registry';
import type { AuthEvent } from './observer';

/** What an endpoint context (or a session origin) carries about the request an event belongs to. */
export interface EventOrigin {
  readonly auth: AuthContext;
  readonly headers?: RequestHeaders | undefined;
  readonly clientIp?: string | undefined;
}

/** An event's own fields; `outcome` is success unless said. */
export type EventFields = Omit<AuthEvent, 'type' | 'outcome' | 'at' | 'ipAddress' | 'userAgent' | 'language'> & {
  readonly outcome?: AuthEvent['outcome'];
};

export function emitEvent(origin: EventOrigin, type: AuthEventType, fields: EventFields = {}): void {
  const { auth } = origin;
  auth.events.emit({
    ...fields,
    // During an impersonation the admin acts and the user is the subject (events/event-actor.ts).
    actorUserId: eventActorFor(fields.actorUserId),
    type,
    outcome: fields.outcome ?? 'success',
    at: auth.now(),
    ipAddress: origin.clientIp ?? null,
    userAgent: userAgentOf(origin.headers),
    language: origin.headers ? requestLanguage(origin.headers) : undefined,
  });
}

/** A refusal's catalogue code, for a failure event's detail; other errors are not named. */
export function errorCodeOf(error: unknown): string {
  return error instanceof AuthError ? error.entry.code : 'INTERNAL';
}
