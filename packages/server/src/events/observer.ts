/**
 * @module What an auth tells those who watch it: a security event for each thing that happened to
 * an account (the audit log, metrics) and a record of each answered request (metrics, logs).
 * Observers are told after the fact and synchronously; what they do with it (a table write, a
 * counter) must not hold up or fail the request, so `createEventSink` keeps their errors to the log.
 */
import type { ServerLanguage } from '../i18n/request-language';
import type { AuthEventType } from '../plugin/event-registry';

/** A detail's values: names, ids, counts. Never a password, a token or a hash. */
export type AuthEventDetail = Readonly<Record<string, string | number | boolean | null>>;

export interface AuthEvent {
  readonly type: AuthEventType;
  readonly outcome: 'success' | 'failure';
  readonly at: Date;
  /** How: the sign-in method (`email`, `username`, `social:github`, …), a route id, a mail kind. */
  readonly method?: string | undefined;
  /** Who did it (an admin, an inviter); the same as `userId` for what users do to themselves. */
  readonly actorUserId?: string | null | undefined;
  /** Whose account it concerns. */
  readonly userId?: string | null | undefined;
  readonly organizationId?: string | null | undefined;
  readonly ipAddress?: string | null | undefined;
  readonly userAgent?: string | null | undefined;
  /** The language of the request (its Accept-Language), for a mail the event causes. */
  readonly language?: ServerLanguage | undefined;
  /** Why a failure failed (an error code), the role given, … */
  readonly detail?: AuthEventDetail | undefined;
}

/** One answered HTTP request of the auth's router. */
export interface RequestRecord {
  /** The endpoint's id (`getSession`); undefined when no route matched (404). */
  readonly routeId: string | undefined;
  readonly method: string;
  readonly status: number;
  readonly durationMs: number;
}

export interface AuthObserver {
  event?(event: AuthEvent): void;
  request?(record: RequestRecord): void;
}

export interface EventSink {
  /** Tells every observer; never throws. */
  emit(event: AuthEvent): void;
  /** False when nobody listens for requests, so the router need not time them. */
  readonly observesRequests: boolean;
  recordRequest(record: RequestRecord): void;
}

/** The part of the auth's logger the sink needs (options.ts imports this file's types). */
interface ErrorLogger {
  error(obj: object, msg?: string): void;
}

export function createEventSink(observers: readonly AuthObserver[], logger: ErrorLogger): EventSink {
  const eventObservers = observers.filter((observer) => observer.event);
  const requestObservers = observers.filter((observer) => observer.request);
  return Object.freeze({
    emit(event: AuthEvent) {
      for (const observer of eventObservers) {
        try {
          observer.event!(event);
        } catch (error) {
          logger.error({ err: error, event: event.type }, 'An observer failed on an event');
        }
      }
    },
    observesRequests: requestObservers.length > 0,
    recordRequest(record: RequestRecord) {
      for (const observer of requestObservers) {
        try {
          observer.request!(record);
        } catch (error) {
          logger.error({ err: error }, 'An observer failed on a request record');
        }
      }
    },
  });
}
