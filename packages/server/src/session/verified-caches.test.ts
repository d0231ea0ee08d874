import { describe, expect, it } from 'vitest';
import { VerifiedCaches } from './verified-caches';

describe('VerifiedCaches', () => {
  it('finds a cookie only beside the token it was verified with', () => {
    const memo = new VerifiedCaches<number>(10);
    memo.add('token-a', 'cookie', 1);
    expect(memo.get('token-a', 'cookie')).toBe(1);
    expect(memo.get('token-b', 'cookie')).toBeUndefined();
    // Another split of the same characters is another pair: a forged token must not borrow the entry.
    expect(memo.get('token-a.c', 'ookie')).toBeUndefined();
    expect(memo.get('token-', 'a.cookie')).toBeUndefined();
  });

  it('stays within its limit, dropping the oldest entry first', () => {
    const memo = new VerifiedCaches<number>(2);
    memo.add('t', 'one', 1);
    memo.add('t', 'two', 2);
    memo.add('t', 'three', 3);
    expect(memo.size).toBe(2);
    expect(memo.get('t', 'one')).toBeUndefined();
    expect(memo.get('t', 'two')).toBe(2);
    expect(memo.get('t', 'three')).toBe(3);
  });
});
