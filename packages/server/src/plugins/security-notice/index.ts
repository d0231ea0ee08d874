/**
 * @module The security-notice plugin (issue #32): a mail to the user, in the language of the
 * request that caused it, when something happens to their account — a sign-in from a new browser,
 * a password changed or reset, an e-mail change asked for (to the old address), two-factor turned
 * on, off or reset by an admin, a passkey added, an account linked, a ban or its end — each with
 * the time, device and IP address and a "this wasn't me" link (routes/not-me.ts). Built on the
 * engine's events (the `event` hook) and the contract alone.
 */
import { definePlugin } from '../../plugin';
import { securityNoticeMigration } from './migrations/0800-security-notice';
import { createNotifier } from './notifier';
import {
  SECURITY_NOTICE_DEFAULTS,
  SECURITY_NOTICES,
  resolveSecurityNoticeOptions,
  type SecurityNotice,
  type SecurityNoticeOptions,
} from './options';
import { notMeRoute } from './routes/not-me';

export { SECURITY_NOTICE_DEFAULTS, SECURITY_NOTICES, type SecurityNotice, type SecurityNoticeOptions };

export function securityNoticePlugin(options: SecurityNoticeOptions = {}) {
  const resolved = resolveSecurityNoticeOptions(options);
  return definePlugin({
    id: 'security-notice',
    endpoints: [notMeRoute(resolved)],
    migrations: [securityNoticeMigration],
    hooks: { event: createNotifier(resolved) },
  });
}
