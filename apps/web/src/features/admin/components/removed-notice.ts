/**
 * @module What the users list is told, in the navigation's state, after a removal: whom, so it can
 * say "User … removed" where the admin lands. Read defensively: history state survives reloads
 * and can be anything another page left there.
 */
export interface RemovedNotice {
  removedEmail: string;
}

export function removedNotice(email: string): RemovedNotice {
  return { removedEmail: email };
}

export function removedEmailOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('removedEmail' in state)) return null;
  const { removedEmail } = state;
  return typeof removedEmail === 'string' ? removedEmail : null;
}
