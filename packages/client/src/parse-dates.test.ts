import { describe, expect, it } from 'vitest';
import { parseDates } from './parse-dates';

describe('parseDates', () => {
  it('turns full ISO timestamps into Dates at any depth and under any key', () => {
    const out = parseDates({
      user: { createdAt: '2026-01-01T12:00:00.000Z' },
      invitations: [{ banExpires: '2026-02-01T00:00:00+02:00' }],
    });
    expect(out.user.createdAt).toEqual(new Date('2026-01-01T12:00:00.000Z'));
    expect((out.invitations[0]!.banExpires as unknown as Date).toISOString()).toBe('2026-01-31T22:00:00.000Z');
  });

  it('leaves bare dates, free text, numbers and null alone', () => {
    const value = { name: '2026-01-01', note: 'met 2026-01-01T12:00:00Z', count: 3, image: null };
    expect(parseDates(value)).toEqual(value);
  });
});
