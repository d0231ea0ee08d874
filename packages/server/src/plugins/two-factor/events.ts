/**
 * @module The two-factor plugin's events, added to the engine's registry (plugin/event-registry.ts). A
 * failed second step is the core's `sign-in` failure, as every sign-in's.
 */
import type { DeclaredEvents } from '../../plugin';

export const TWO_FACTOR_EVENTS = [
  'two-factor-enabled',
  'two-factor-disabled',
  'backup-codes-generated',
  // An admin turned a user's two-factor off (a lost phone).
  'two-factor-reset',
] as const;

// The registry's own module, not '../../plugin': see plugin/event-registry.ts.
declare module '../../plugin/event-registry' {
  interface AuthEventRegistry extends DeclaredEvents<typeof TWO_FACTOR_EVENTS> {}
}
