import { describe, expect, it } from 'vitest';
import { createSessionRevocations } from './revocations';

describe('createSessionRevocations', () => {
  function withClock(start = 1_000_000) {
    let now = start;
    return { now: () => new Date(now), advance: (ms: number) => (now += ms), at: () => now };
  }

  it('refuses a cache issued up to the revocation, its own millisecond included, and believes a later one', () => {
    const clock = withClock();
    const revocations = createSessionRevocations(clock.now, 60);
    const issued = clock.at();
    revocations.revokeUser('u1');
    expect(revocations.isRevoked('u1', issued - 1)).toBe(true);
    expect(revocations.isRevoked('u1', issued)).toBe(true);
    expect(revocations.isRevoked('u1', issued + 1)).toBe(false);
    expect(revocations.isRevoked('u2', issued - 1)).toBe(false);
  });

  it('a later revocation of the same user moves its moment forward', () => {
    const clock = withClock();
    const revocations = createSessionRevocations(clock.now, 60);
    revocations.revokeUser('u1');
    clock.advance(10_000);
    const issued = clock.at() - 1;
    revocations.revokeUser('u1');
    expect(revocations.isRevoked('u1', issued)).toBe(true);
  });

  it('forgets a note once no cache issued before it can still be alive, so the table stays small', () => {
    const clock = withClock();
    const revocations = createSessionRevocations(clock.now, 60);
    const before = clock.at();
    revocations.revokeUser('old');
    clock.advance(60_000);
    revocations.revokeUser('new');
    // A cache from before the old note has expired by now anyway (its own expiry is checked first).
    expect(revocations.isRevoked('old', before)).toBe(false);
    expect(revocations.isRevoked('new', before)).toBe(true);
  });
});
