import { describe, expect, it } from 'vitest';
import { createSessionRevocations, type RevocationFeed, type RevocationListener } from './revocations';

describe('createSessionRevocations', () => {
  function withClock(start = 1_000_000) {
    let now = start;
    return { now: () => new Date(now), advance: (ms: number) => (now += ms), at: () => now };
  }

  it('refuses a cache issued up to the revocation, its own millisecond included, and believes a later one', () => {
    const clock = withClock();
    const revocations = createSessionRevocations(clock.now, 60);
    clock.advance(1_000);
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

describe('createSessionRevocations with a feed', () => {
  /** An in-process stand-in for Redis pub/sub: each instance's notes reach every other listener. */
  function createBus() {
    const listeners: RevocationListener[] = [];
    const feed = (): RevocationFeed => {
      let mine: RevocationListener | undefined;
      return {
        async publish(note) {
          for (const listener of listeners) if (listener !== mine) listener.revoked(note);
        },
        listen(listener) {
          mine = listener;
          listeners.push(listener);
        },
      };
    };
    return { feed, listeners };
  }

  it('believes no cache until the feed listens, then those issued from that moment on', () => {
    let now = 1_000_000;
    const bus = createBus();
    const revocations = createSessionRevocations(() => new Date(now), 60, bus.feed());
    expect(revocations.isRevoked('u1', now + 5)).toBe(true);
    bus.listeners[0]!.live();
    expect(revocations.isRevoked('u1', now)).toBe(true);
    now += 1;
    expect(revocations.isRevoked('u1', now)).toBe(false);
  });

  it('refuses a cache for a user another instance revoked, and believes later ones', () => {
    let now = 1_000_000;
    const bus = createBus();
    const a = createSessionRevocations(() => new Date(now), 60, bus.feed());
    const b = createSessionRevocations(() => new Date(now), 60, bus.feed());
    for (const listener of bus.listeners) listener.live();
    now += 10;
    const issued = now;
    now += 10;
    void a.revokeUser('u1');
    expect(b.isRevoked('u1', issued)).toBe(true);
    expect(b.isRevoked('u2', issued)).toBe(false);
    now += 1;
    expect(b.isRevoked('u1', now)).toBe(false);
  });

  it('notes a revocation at the later of the two clocks, so a skewed instance only distrusts more', () => {
    let now = 1_000_000;
    const bus = createBus();
    const behind = createSessionRevocations(() => new Date(now - 5_000), 60, bus.feed());
    const b = createSessionRevocations(() => new Date(now), 60, bus.feed());
    for (const listener of bus.listeners) listener.live();
    now += 10;
    const issuedOnB = now;
    void behind.revokeUser('u1');
    expect(b.isRevoked('u1', issuedOnB)).toBe(true);
  });

  it('while the feed is lost believes no cache, and after it is back only those issued since', () => {
    let now = 1_000_000;
    const bus = createBus();
    const revocations = createSessionRevocations(() => new Date(now), 60, bus.feed());
    const listener = bus.listeners[0]!;
    listener.live();
    now += 10;
    const beforeLoss = now;
    expect(revocations.isRevoked('u1', beforeLoss)).toBe(false);
    listener.lost();
    now += 10;
    expect(revocations.isRevoked('u1', beforeLoss)).toBe(true);
    expect(revocations.isRevoked('u1', now)).toBe(true);
    listener.live();
    now += 1;
    expect(revocations.isRevoked('u1', beforeLoss)).toBe(true);
    expect(revocations.isRevoked('u1', now)).toBe(false);
  });

  it('without a feed, believes no cache issued before the table was made (an earlier process)', () => {
    const now = 1_000_000;
    const revocations = createSessionRevocations(() => new Date(now), 60);
    expect(revocations.isRevoked('u1', now - 1)).toBe(true);
    expect(revocations.isRevoked('u1', now)).toBe(false);
  });
});
