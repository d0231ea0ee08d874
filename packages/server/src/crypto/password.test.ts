import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password';

const ARGON2ID_OWASP_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';

/** A hash exactly as better-auth writes it: the 32-character hex salt string itself is the salt. */
function betterAuthHash(password: string): string {
  const salt = randomBytes(16).toString('hex');
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 });
  return `${salt}:${key.toString('hex')}`;
}

describe('hashPassword', () => {
  it('produces an Argon2id hash with the OWASP parameters (19 MiB, 2 passes, 1 lane)', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash.startsWith(ARGON2ID_OWASP_PREFIX)).toBe(true);
  });

  it('salts every hash, so the same password never gives the same hash twice', async () => {
    const [first, second] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, 'same password')).toBe(true);
    expect(await verifyPassword(second, 'same password')).toBe(true);
  });

  it('never stores the password itself in the hash', async () => {
    const hash = await hashPassword('plain-text-marker-123');
    expect(hash).not.toContain('plain-text-marker-123');
  });
});

describe('verifyPassword with an Argon2id hash', () => {
  it('accepts the password that was hashed and refuses any other', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse batterY')).toBe(false);
    expect(await verifyPassword(hash, '')).toBe(false);
  });

  it('never truncates: a 100-character password does not match its first 72 characters', async () => {
    const long = 'a1b2c3d4e5'.repeat(10);
    const hash = await hashPassword(long);
    expect(await verifyPassword(hash, long.slice(0, 72))).toBe(false);
    expect(await verifyPassword(hash, long.slice(0, 99))).toBe(false);
    expect(await verifyPassword(hash, long)).toBe(true);
  });

  it('never trims: leading and trailing spaces are part of the password', async () => {
    const hash = await hashPassword('  spaced out  ');
    expect(await verifyPassword(hash, 'spaced out')).toBe(false);
    expect(await verifyPassword(hash, '  spaced out')).toBe(false);
    expect(await verifyPassword(hash, 'spaced out  ')).toBe(false);
    expect(await verifyPassword(hash, '  spaced out  ')).toBe(true);
  });

  it('compares NFKC forms, so a composed and a decomposed é are the same password', async () => {
    const composed = 'caf\u00e9 au lait';
    const decomposed = 'cafe\u0301 au lait';
    expect(composed).not.toBe(decomposed);
    const hash = await hashPassword(composed);
    expect(await verifyPassword(hash, decomposed)).toBe(true);
    expect(await verifyPassword(await hashPassword(decomposed), composed)).toBe(true);
  });

  it('compares NFKC forms, so full-width letters match their ASCII counterparts', async () => {
    const hash = await hashPassword('password123');
    expect(await verifyPassword(hash, '\uff50\uff41\uff53\uff53\uff57\uff4f\uff52\uff44\uff11\uff12\uff13')).toBe(true);
  });

  it('returns false instead of throwing for a malformed Argon2 hash', async () => {
    await expect(verifyPassword('$argon2id$garbage', 'whatever')).resolves.toBe(false);
    await expect(verifyPassword('$argon2id$v=19$m=19456,t=2,p=1$AAAA$BBBB', 'whatever')).resolves.toBe(false);
  });
});

describe('verifyPassword with a better-auth scrypt hash', () => {
  it('accepts the password better-auth hashed and refuses any other', async () => {
    const legacy = betterAuthHash('legacy password 1');
    expect(await verifyPassword(legacy, 'legacy password 1')).toBe(true);
    expect(await verifyPassword(legacy, 'legacy password 2')).toBe(false);
    expect(await verifyPassword(legacy, 'legacy password')).toBe(false);
  });

  it('uses the hex salt string itself, not the bytes it encodes, as the scrypt salt', async () => {
    const saltHex = randomBytes(16).toString('hex');
    const params = { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 };
    const fromBytes = scryptSync('salted differently', Buffer.from(saltHex, 'hex'), 64, params).toString('hex');
    const fromString = scryptSync('salted differently', saltHex, 64, params).toString('hex');
    expect(await verifyPassword(`${saltHex}:${fromBytes}`, 'salted differently')).toBe(false);
    expect(await verifyPassword(`${saltHex}:${fromString}`, 'salted differently')).toBe(true);
  });

  it('normalises to NFKC as better-auth did, so a decomposed é matches a hash of the composed one', async () => {
    const legacy = betterAuthHash('r\u00e9sum\u00e9 secret');
    expect(await verifyPassword(legacy, 're\u0301sume\u0301 secret')).toBe(true);
  });

  it('accepts a key written in upper-case hex', async () => {
    const [salt, key] = betterAuthHash('upper hex key').split(':') as [string, string];
    expect(await verifyPassword(`${salt}:${key.toUpperCase()}`, 'upper hex key')).toBe(true);
  });

  it('returns false instead of throwing for stored values that are not a salt and a hex key', async () => {
    for (const stored of ['', ':', 'nocolon', 'abcd:', ':abcd', 'abcd:not-hex!', 'abcd:abcd', 'plain text password']) {
      await expect(verifyPassword(stored, 'plain text password'), stored).resolves.toBe(false);
    }
  });
});

describe('needsRehash', () => {
  it('keeps an Argon2id hash as it is', async () => {
    expect(needsRehash(await hashPassword('fresh password'))).toBe(false);
  });

  it('asks for a better-auth scrypt hash to be replaced', () => {
    expect(needsRehash(betterAuthHash('old password'))).toBe(true);
  });

  it('asks for an Argon2i or Argon2d hash to be replaced by Argon2id', () => {
    expect(needsRehash('$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(true);
    expect(needsRehash('$argon2d$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(true);
  });

  it('asks for an Argon2id hash made with weaker parameters to be replaced', () => {
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(true);
    expect(needsRehash('$argon2id$v=19$m=19456,t=1,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(true);
  });
});

describe('verifyAgainstDummy', () => {
  it('always answers false, whatever password it is given', async () => {
    await expect(verifyAgainstDummy('correct horse battery')).resolves.toBe(false);
    await expect(verifyAgainstDummy('')).resolves.toBe(false);
  });

  it('answers false even for the password its dummy hash was made from', async () => {
    await expect(verifyAgainstDummy('latchkey-dummy-password')).resolves.toBe(false);
  });

  it('verifies against a hash made with the current parameters, so it costs what a real verification costs', () => {
    expect(DUMMY_HASH.startsWith(ARGON2ID_OWASP_PREFIX)).toBe(true);
    expect(needsRehash(DUMMY_HASH)).toBe(false);
  });

  it('answers false to many concurrent calls', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => verifyAgainstDummy(`guess ${i}`)));
    expect(results).toEqual([false, false, false, false, false]);
  });
});
