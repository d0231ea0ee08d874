/**
 * @module The registry of event types: the core's, and each plugin's, which its `events.ts` adds
 * by declaration merging (as the client's `ClientPluginRegistry`), so that the core never names a
 * plugin's event and observers (the audit log, metrics) still `switch` on a closed union.
 *
 * Part of the plugin contract, and the module the bundled plugins augment by its own path rather
 * than through `../../plugin`: TypeScript merges an augmentation made through a re-exporting module
 * into the interface, but augmentations through two different re-exporting modules (`../../plugin`
 * for the bundled plugins, `@latchkey/server` for one outside the package) silently lose one side
 * (TypeScript #9532, #18877). Augmentations of the declaring module always merge, so with the
 * bundled plugins here, a plugin outside can augment `'@latchkey/server'`, the one module it can
 * name (test/support/profile-plugin.ts does):
 *
 *     export const PASSKEY_EVENTS = ['passkey-added', 'passkey-removed'] as const;
 *     declare module '../../plugin/event-registry' {
 *       interface AuthEventRegistry extends DeclaredEvents<typeof PASSKEY_EVENTS> {}
 *     }
 *
 * A plugin gives the same list to `definePlugin({ events })`, so an auth's type knows what its
 * plugins may emit (`AuthEventTypeOf`, auth/auth-types.ts).
 */

/**
 * The events the core emits. Kebab-case, past tense where something changed. A value is what the
 * registry knows of its event: only that it exists for now (`true`); its detail's shape could go
 * here later. An event emitted by core code is core, even when a plugin emits it too (a passkey's
 * `sign-in`, an admin's `session-revoked`).
 */
export interface CoreEventRegistry {
  'sign-in': true;
  'sign-up': true;
  'sign-in-locked': true;
  'sign-out': true;
  'session-revoked': true;
  'password-changed': true;
  'password-reset': true;
  'email-change-requested': true;
  'email-changed': true;
  'email-verified': true;
  'account-deleted': true;
  'account-linked': true;
  'account-unlinked': true;
  'rate-limited': true;
  'mail-sent': true;
  'mail-failed': true;
}

/**
 * Every event there is. It holds the events of every plugin in the program, enabled or not;
 * `AuthEventTypeOf` is one auth's.
 */
export interface AuthEventRegistry extends CoreEventRegistry {}

/** A plugin's list of event types as registry entries, for its `AuthEventRegistry` augmentation. */
export type DeclaredEvents<Types extends readonly string[]> = { readonly [Type in Types[number]]: true };

export type CoreEventType = keyof CoreEventRegistry;

/** Every event's type (jose's habit: callers `switch` on it with narrowing). */
export type AuthEventType = keyof AuthEventRegistry & string;
