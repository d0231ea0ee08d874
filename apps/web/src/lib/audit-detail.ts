/**
 * @module An audit event's method and detail as labelled fields a person reads ("Läuft ab:
 * 29.11.2026, 15:26"), not as stored (`expiresAt=2026-11-29T15:26:00.000Z`). A key the server is
 * known to send has a translated label and its value formatted by type: dates through the app's
 * one date formatter, booleans as yes/no, error codes as the catalogue's message, roles and methods
 * by their translated names, ids shortened (the whole id in `title`), space- or comma-joined lists
 * as lists. A key this app does not know yet keeps its value and reads as words ("someNewKey" →
 * "Some new key"), so a newer server's detail still shows.
 */
import type { TFunction } from 'i18next';
import type { AuditEvent } from './audit-event';
import { formatDateTime } from './format-date';

export interface AuditDetailField {
  key: string;
  label: string;
  value: string;
  /** The whole value where `value` is shortened (ids). */
  title?: string;
}

/**
 * A detail's value. Typed as the server sends it, but the client revives ISO date text in any
 * answer as a `Date`, so a date arrives as one (which `String()` spelled "Sun Nov 29 2026 …").
 */
type DetailValue = string | number | boolean | null | Date;

/** Keys with a label in `common:audit.fields`. */
const LABELLED = new Set([
  'method',
  'code',
  'error',
  'reason',
  'expiresAt',
  'newDevice',
  'signedIn',
  'otherSessionsRevoked',
  'sessionsRevoked',
  'tier',
  'first',
  'role',
  'previousRole',
  'fields',
  'clientId',
  'grantId',
  'passkeyId',
  'invitationId',
  'scope',
  'scopes',
  'tokenEndpointAuthMethod',
  'lockedSeconds',
  'slug',
]);

/** Methods with a name in `common:audit.methods`; others read as words. */
const METHODS = new Set([
  'email',
  'username',
  'passkey',
  'password',
  'verification-link',
  'totp',
  'otp',
  'backup-code',
  'set-password',
  'change-password',
  'admin',
  'admin-emails',
  'admin-set-password',
  'admin-revoke-session',
  'admin-revoke-sessions',
  'revoke-session',
  'revoke-sessions',
  'revoke-other-sessions',
  'dynamic-registration',
  'authorization_code',
  'refresh_token',
  'client_credentials',
  'invitation',
  'leave',
  'verification',
  'reset-password',
  'delete-account',
  'change-email',
  'two-factor-otp',
  'account-invitation',
  'security-notice',
]);

const ROLES = new Set(['user', 'admin', 'owner', 'member']);

/** Dates by name: `expiresAt`, `bannedUntil`, `expires`. */
const isDateKey = (key: string) => /(?:At|Until)$/.test(key) || /^expires/i.test(key);
/** Ids by name: `clientId`, `grantId`, `id`. */
const isIdKey = (key: string) => key === 'id' || /Id$/.test(key);
/** Lists the server stores joined: scopes by spaces, changed fields by spaces or commas. */
const isListKey = (key: string) => key === 'scope' || key === 'scopes' || key === 'fields';

/** Ids are long and random; eight characters tell rows apart, the tooltip has the rest. */
const ID_SHOWN = 8;

/** "someNewKey" / "some_new-key" → "Some new key". */
export function keyAsWords(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-:]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A date as the server may send it: ISO text, epoch seconds or milliseconds, or `Date#toString`. */
function asDate(value: DetailValue): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return new Date(value < 1e12 ? value * 1000 : value);
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function methodName(t: TFunction, method: string): string {
  // A social sign-in's method is `social:<provider id>`: the provider by its id, as words.
  if (method.startsWith('social:')) return keyAsWords(method.slice('social:'.length));
  return METHODS.has(method) ? t(`common:audit.methods.${method}`) : keyAsWords(method);
}

function lockedFor(seconds: number, language: string): string {
  const minutes = seconds >= 120;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: minutes ? 'minute' : 'second',
    unitDisplay: 'long',
  }).format(minutes ? Math.ceil(seconds / 60) : seconds);
}

function formatValue(
  t: TFunction,
  key: string,
  value: DetailValue,
  language: string,
): Pick<AuditDetailField, 'value' | 'title'> {
  if (value === null) return { value: key === 'expiresAt' ? t('common:audit.never') : '—' };
  if (typeof value === 'boolean') return { value: t(value ? 'common:yes' : 'common:no') };
  if (value instanceof Date || isDateKey(key)) {
    const date = asDate(value);
    if (date) return { value: formatDateTime(date, language), title: date.toISOString() };
  }
  if (value instanceof Date) return { value: '—' };
  if (key === 'lockedSeconds' && typeof value === 'number') return { value: lockedFor(value, language) };
  if (typeof value === 'number') return { value: new Intl.NumberFormat(language).format(value) };
  if (isIdKey(key) && value.length > ID_SHOWN) return { value: `${value.slice(0, ID_SHOWN)}…`, title: value };
  if (key === 'code') return { value: t(`errors:${value}`, { defaultValue: value }), title: value };
  if ((key === 'role' || key === 'previousRole') && ROLES.has(value))
    return { value: t(`common:audit.roles.${value}`), title: value };
  if (isListKey(key))
    return {
      value: value
        .split(/[\s,]+/)
        .filter(Boolean)
        .join(', '),
    };
  return { value };
}

/** The event's method first, then its detail in the order the server wrote it. */
export function auditDetailFields(
  t: TFunction,
  event: Pick<AuditEvent, 'method' | 'detail'>,
  language: string,
): AuditDetailField[] {
  const fields: AuditDetailField[] = [];
  if (event.method)
    fields.push({ key: 'method', label: t('common:audit.fields.method'), value: methodName(t, event.method) });
  for (const [key, value] of Object.entries((event.detail ?? {}) as Record<string, DetailValue>)) {
    const label = LABELLED.has(key) ? t(`common:audit.fields.${key}`) : keyAsWords(key);
    fields.push({ key, label, ...formatValue(t, key, value, language) });
  }
  return fields;
}

/** The fields on one line, for a tooltip or a screen reader's summary. */
export function auditDetailText(fields: readonly AuditDetailField[]): string {
  return fields.map(({ label, value }) => `${label}: ${value}`).join(' · ');
}
