/**
 * @module The notes plugin's events, merged into the registry. Through the package entry, as a
 * plugin outside the package does (plugin/event-registry.ts says why a bundled one names the
 * registry's own module instead).
 */
import type { DeclaredEvents } from '../../../src/plugin';

export const NOTES_EVENTS = ['note-added'] as const;

declare module '../../../src' {
  interface AuthEventRegistry extends DeclaredEvents<typeof NOTES_EVENTS> {}
}
