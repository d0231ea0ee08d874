/**
 * @module The core tables' rows that the prune job deletes (SPEC §4): sessions once expired,
 * OAuth states once expired, and the other verification values a while after they expired.
 */
import { EXPIRED_OAUTH_STATES } from '../oauth/oauth-state';
import { DEFAULTS } from '../auth/options';
import type { ExpiringRows } from '../plugin/declarations';

export const CORE_EXPIRING_ROWS: readonly ExpiringRows[] = Object.freeze([
  { table: 'session', expiresAt: 'expiresAt' },
  EXPIRED_OAUTH_STATES,
  { table: 'verification', expiresAt: 'expiresAt', keepFor: DEFAULTS.verificationKeepAfterExpiry },
]);
