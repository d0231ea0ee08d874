/**
 * @module The audit log's events as the app reads them: the list of event types (those the
 * standalone server's core and plugins declare, `StandaloneEventType`; test/audit/audit-event.test.ts
 * keeps the two equal, so a plugin's new event needs a name here), one event's shape as the
 * standalone server's audit routes answer it, and how a person reads its type (its method and
 * detail are audit-detail.ts's). Shared by the admin console's audit screens and the account
 * page's recent activity.
 */
import type { TFunction } from 'i18next';
import type { OutputOf } from '@latchkey/client';
import type { StandaloneAuth, StandaloneEventType } from '@latchkey/standalone';

export const AUDIT_EVENT_TYPES = [
  'sign-in',
  'sign-up',
  'sign-in-locked',
  'sign-out',
  'session-revoked',
  'password-changed',
  'password-reset',
  'email-change-requested',
  'email-changed',
  'email-verified',
  'account-deleted',
  'account-linked',
  'account-unlinked',
  'role-changed',
  'user-banned',
  'user-unbanned',
  'impersonation-started',
  'impersonation-stopped',
  'user-created',
  'user-updated',
  'user-removed',
  'organization-created',
  'organization-deleted',
  'member-added',
  'member-removed',
  'member-role-changed',
  'invitation-created',
  'invitation-accepted',
  'invitation-rejected',
  'invitation-canceled',
  'rate-limited',
  'mail-sent',
  'mail-failed',
  'passkey-added',
  'passkey-removed',
  'two-factor-enabled',
  'two-factor-disabled',
  'backup-codes-generated',
  'two-factor-reset',
  'oauth-client-created',
  'oauth-client-updated',
  'oauth-client-deleted',
  'oauth-client-secret-rotated',
  'oauth-authorized',
  'oauth-consent-granted',
  'oauth-consent-denied',
  'oauth-consent-revoked',
  'oauth-consent-updated',
  'oauth-token-issued',
  'oauth-token-refused',
  'oauth-token-revoked',
  'oauth-token-replayed',
  'oauth-device-approved',
  'oauth-device-denied',
  'oauth-logout',
] as const satisfies readonly StandaloneEventType[];

export type AuditEventType = StandaloneEventType;

/**
 * One row of the audit log, as GET /audit/list-my-events and /admin/list-audit-events answer it
 * (`createdAt` revived as a Date by the client). Its `type` is a string: a newer server may send a
 * type this app does not know yet, which then shows as sent.
 */
export type AuditEvent = OutputOf<StandaloneAuth, 'listMyAuditEvents'>['events'][number];

export function isAuditEventType(value: string): value is AuditEventType {
  return (AUDIT_EVENT_TYPES as readonly string[]).includes(value);
}

/** The event's translated name; a type the app does not know shows as the server sent it. */
export function auditEventLabel(t: TFunction, type: string): string {
  return isAuditEventType(type) ? t(`common:audit.events.${type}`) : type;
}
