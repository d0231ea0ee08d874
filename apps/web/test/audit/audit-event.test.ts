/**
 * What the audit screens build on: the app's list of event types is the server's, every type has
 * a name, and the screen's filters become the server's query (local times as instants, "to" up to
 * the end of its minute, empty filters left out).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { StandaloneEventType } from '@latchkey/standalone';
import { auditFilterOf, auditPath, toListAuditEventsQuery } from '../../src/features/admin/components/audit-query';
import { AUDIT_EVENT_TYPES, type AuditEventType } from '../../src/lib/audit-event';
import english from '../../src/locales/en/common.json';

describe('audit event types', () => {
  it("are the standalone server's event types, its core's and its plugins'", () => {
    expectTypeOf<(typeof AUDIT_EVENT_TYPES)[number]>().toEqualTypeOf<StandaloneEventType>();
    expectTypeOf<AuditEventType>().toEqualTypeOf<StandaloneEventType>();
    expect(new Set(AUDIT_EVENT_TYPES).size).toBe(AUDIT_EVENT_TYPES.length);
  });

  it('each have a name, and no name is left without a type', () => {
    expect(Object.keys(english.audit.events).sort()).toEqual([...AUDIT_EVENT_TYPES].sort());
  });
});

describe('the audit screen query', () => {
  const first = { page: 0, pageSize: 25 };

  it('pages by limit and offset and leaves empty filters out', () => {
    expect(toListAuditEventsQuery({ userId: ' ', type: '', from: '', to: '' }, { page: 2, pageSize: 25 })).toEqual({
      limit: 25,
      offset: 50,
    });
  });

  it('sends the local time range as instants, "to" up to the end of its minute', () => {
    const query = toListAuditEventsQuery(
      { userId: ' u-1 ', type: 'sign-in', from: '2026-11-20T10:00', to: '2026-11-20T10:30' },
      first,
    );
    expect(query).toEqual({
      userId: 'u-1',
      type: 'sign-in',
      from: new Date('2026-11-20T10:00').toISOString(),
      to: new Date(new Date('2026-11-20T10:30').getTime() + 59_999).toISOString(),
      limit: 25,
      offset: 0,
    });
    // A time with seconds is taken as given.
    expect(toListAuditEventsQuery({ userId: '', type: '', from: '', to: '2026-11-20T10:30:15' }, first).to).toBe(
      new Date('2026-11-20T10:30:15').toISOString(),
    );
  });

  it('ignores a date that is not one and an event type it does not know', () => {
    expect(toListAuditEventsQuery({ userId: '', type: '', from: 'yesterday', to: '' }, first)).toEqual({
      limit: 25,
      offset: 0,
    });
    expect(auditFilterOf(new URLSearchParams('type=drop-table&userId=u-2'))).toEqual({
      userId: 'u-2',
      type: '',
      from: '',
      to: '',
    });
  });

  it('links to the screen filtered by a user', () => {
    expect(auditPath({ userId: 'a b' })).toBe('/admin/audit?userId=a+b');
    expect(auditPath()).toBe('/admin/audit');
  });
});
