/**
 * @module The organization plugin's events, added to the engine's registry (plugin/event-registry.ts).
 */
import type { DeclaredEvents } from '../../plugin';

export const ORGANIZATION_EVENTS = [
  'organization-created',
  'organization-deleted',
  'member-added',
  'member-removed',
  'member-role-changed',
  'invitation-created',
  'invitation-accepted',
  'invitation-rejected',
  'invitation-canceled',
] as const;

// The registry's own module, not '../../plugin': see plugin/event-registry.ts.
declare module '../../plugin/event-registry' {
  interface AuthEventRegistry extends DeclaredEvents<typeof ORGANIZATION_EVENTS> {}
}
