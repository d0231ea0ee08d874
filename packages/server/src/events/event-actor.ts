/**
 * @module Who really acts in the request being answered, for its security events: an endpoint
 * runs inside `withEventActor` when a plugin says its session is used by someone other than its
 * owner (an admin impersonating, `sessionActor`), and `emitEvent` names that someone as actor.
 *
 * Held per request (AsyncLocalStorage) rather than passed to each emission point: events are
 * emitted from fifty places, many with an origin built by hand, and one that forgot would write
 * the impersonated user as the author of what an admin did, which is what an audit log must not
 * get wrong.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface EventActor {
  /** The session's owner: the subject of what is done through it. */
  readonly sessionUserId: string;
  /** Who acts through the session. */
  readonly actorUserId: string;
}

const current = new AsyncLocalStorage<EventActor>();

export function withEventActor<T>(actor: EventActor | undefined, run: () => Promise<T>): Promise<T> {
  return actor ? current.run(actor, run) : run();
}

/**
 * The actor an event emitted now should name: the real actor in place of the session's owner (or
 * of no one named); an actor the emission point named otherwise (an inviter, say) stays.
 */
export function eventActorFor(named: string | null | undefined): string | null | undefined {
  const actor = current.getStore();
  if (!actor) return named;
  return named === undefined || named === null || named === actor.sessionUserId ? actor.actorUserId : named;
}
