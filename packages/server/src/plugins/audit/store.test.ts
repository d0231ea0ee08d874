import { describe, expect, it } from 'vitest';
import { toAuditEvent, toAuditRow } from './store';

const AT = new Date('2026-01-01T12:00:00.000Z');

describe('toAuditRow', () => {
  it('keeps no detail named like a secret, whatever an emitter put there', () => {
    const row = toAuditRow({
      type: 'sign-in',
      outcome: 'failure',
      at: AT,
      detail: { code: 'INVALID_PASSWORD', password: 'hunter2', sessionToken: 't0k3n', passwordHash: '$argon2id$' },
    });
    expect(row.detail).toBe(JSON.stringify({ code: 'INVALID_PASSWORD' }));
  });

  it('cuts what is longer than its column and stores what is absent as null', () => {
    const row = toAuditRow({
      type: 'sign-in',
      outcome: 'success',
      at: AT,
      userAgent: 'x'.repeat(2000),
      method: 'm'.repeat(300),
    });
    expect(row.userAgent).toHaveLength(512);
    expect(row.method).toHaveLength(255);
    expect([row.userId, row.actorUserId, row.organizationId, row.ipAddress, row.detail]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('toAuditEvent', () => {
  it('answers the detail parsed, and no detail when the stored text is not an object', () => {
    const row = toAuditRow({ type: 'role-changed', outcome: 'success', at: AT, detail: { role: 'admin' } });
    expect(toAuditEvent(row).detail).toEqual({ role: 'admin' });
    expect(toAuditEvent({ ...row, detail: 'not json' }).detail).toBeNull();
    expect(toAuditEvent({ ...row, detail: '"text"' }).detail).toBeNull();
  });
});
