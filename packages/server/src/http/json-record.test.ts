import { describe, expect, it } from 'vitest';
import { jsonRecord } from './json-record';

describe('jsonRecord', () => {
  it('serialises as the record itself does, without the omitted field', () => {
    const record = {
      id: 'a',
      token: 'secret',
      createdAt: new Date('2026-11-29T10:00:00.123Z'),
      broken: new Date(Number.NaN),
      nested: { at: new Date(0) },
      none: null,
      absent: undefined,
    };
    const { token: _token, ...expected } = record;
    expect(JSON.stringify(jsonRecord(record, 'token'))).toBe(JSON.stringify(expected));
    // Again, from the memo of instants.
    expect(JSON.stringify(jsonRecord(record, 'token'))).toBe(JSON.stringify(expected));
    expect(JSON.stringify(jsonRecord(record))).toBe(JSON.stringify(record));
  });
});
