import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULTS } from '../auth/options';
import { argon2Hash, argon2Verify } from './argon2-threads';

const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** The nice value of each of this process's threads (field 19 of /proc/…/stat, after the name). */
function niceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('Argon2 on threads of its own', () => {
  it('hashes and verifies, and refuses a wrong password', async () => {
    const hashed = await argon2Hash('correct horse', OPTIONS);
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await argon2Verify(hashed, 'correct horse')).toBe(true);
    expect(await argon2Verify(hashed, 'wrong horse')).toBe(false);
  });

  it('rejects a malformed hash instead of answering', async () => {
    await expect(argon2Verify('$argon2id$garbage', 'x')).rejects.toThrow();
  });

  it.runIf(process.platform === 'linux')(
    'ends threads that had no hash for a while, and starts one again for the next hash',
    async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let busy: number;
      try {
        await Promise.all([argon2Hash('a', OPTIONS), argon2Hash('b', OPTIONS)]);
        busy = readdirSync('/proc/self/task').length;
        vi.advanceTimersByTime(DEFAULTS.passwordHashThreadIdleSeconds * 1000 - 1);
        expect(readdirSync('/proc/self/task').length).toBe(busy);
        vi.advanceTimersByTime(1);
      } finally {
        vi.useRealTimers();
      }
      await vi.waitFor(() => expect(readdirSync('/proc/self/task').length).toBeLessThan(busy));
      expect(await argon2Verify(await argon2Hash('c', OPTIONS), 'c')).toBe(true);
    },
  );

  it.runIf(process.platform === 'linux')('runs its threads at nice 10, below the event loop at 0', async () => {
    await Promise.all([argon2Hash('a', OPTIONS), argon2Hash('b', OPTIONS)]);
    const nice = niceValues();
    expect(nice.filter((value) => value === 10).length).toBeGreaterThanOrEqual(1);
    expect(nice[0]).toBe(0);
  });
});
