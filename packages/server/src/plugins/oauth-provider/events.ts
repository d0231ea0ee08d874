/**
 * @module The oauth-provider plugin's events, added to the engine's registry
 * (plugin/event-registry.ts): what the audit log and the metrics see of the provider.
 */
import type { DeclaredEvents } from '../../plugin';

export const OAUTH_PROVIDER_EVENTS = [
  'oauth-client-created',
  'oauth-client-updated',
  'oauth-client-deleted',
  'oauth-client-secret-rotated',
  // A user was sent back to a client with a code (or an error), and a consent given or refused.
  'oauth-authorized',
  'oauth-consent-granted',
  'oauth-consent-denied',
  'oauth-consent-revoked',
  // The user changed a consent's scopes on their account page.
  'oauth-consent-updated',
  // Tokens issued at the token endpoint (any grant), a refused exchange, a revocation.
  'oauth-token-issued',
  'oauth-token-refused',
  'oauth-token-revoked',
  // A replayed code or refresh token: the grant it belonged to is revoked whole.
  'oauth-token-replayed',
  // A user approved or denied a device's request on the verification page (RFC 8628 §3.3).
  'oauth-device-approved',
  'oauth-device-denied',
  // A relying party's logout request (RP-Initiated Logout) ended the user's session.
  'oauth-logout',
] as const;

// The registry's own module, not '../../plugin': see plugin/event-registry.ts.
declare module '../../plugin/event-registry' {
  interface AuthEventRegistry extends DeclaredEvents<typeof OAUTH_PROVIDER_EVENTS> {}
}
