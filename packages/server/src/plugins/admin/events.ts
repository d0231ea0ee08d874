/**
 * @module The admin plugin's events, added to the engine's registry (plugin/event-registry.ts).
 * The core events its routes emit too (`session-revoked`, `password-changed`) stay the core's.
 */
import type { DeclaredEvents } from '../../plugin';

export const ADMIN_EVENTS = [
  // A user given a role by an admin, or by ADMIN_EMAILS (`method: 'admin-emails'`); `detail.role`.
  'role-changed',
  'user-banned',
  'user-unbanned',
  'impersonation-started',
  'impersonation-stopped',
  'user-created',
  'user-updated',
  'user-removed',
] as const;

// The registry's own module, not '../../plugin': see plugin/event-registry.ts.
declare module '../../plugin/event-registry' {
  interface AuthEventRegistry extends DeclaredEvents<typeof ADMIN_EVENTS> {}
}
