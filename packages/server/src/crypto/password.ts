/**
 * @module Password hashing. New hashes are Argon2id with OWASP's parameters, computed on threads
 * of their own below the event loop's priority (argon2-threads.ts), so a sign-in never stalls it.
 * better-auth's scrypt hashes (`<saltHex>:<keyHex>`) still verify, and `needsRehash` tells the
 * caller to replace them.
 */
import { scrypt } from 'node:crypto';
import type { Algorithm } from '@node-rs/argon2';
import { argon2Hash, argon2Verify } from './argon2-threads';
import { safeEqual } from './digest';

// Algorithm is an ambient const enum; 2 is its Argon2id.
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const SCRYPT = { N: 16384, r: 16, p: 1, keyLength: 64 } as const;
/** What `hash` writes for ARGON2_OPTIONS; any other prefix is an older or weaker hash. */
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

/** Passwords are compared as NFKC, so the same password typed on two keyboards matches; never trimmed. */
function normalize(password: string): string {
  return password.normalize('NFKC');
}

export function hashPassword(password: string): Promise<string> {
  return argon2Hash(normalize(password), ARGON2_OPTIONS);
}

/** True for better-auth's scrypt hashes and for Argon2 hashes made with other parameters. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    try {
      return await argon2Verify(stored, normalize(password));
    } catch {
      return false;
    }
  }
  return verifyLegacyScrypt(stored, normalize(password));
}

/** better-auth hashes with the 32-character hex salt string itself (not its bytes) as salt. */
function verifyLegacyScrypt(stored: string, password: string): Promise<boolean> {
  const [salt, key] = stored.split(':');
  if (!salt || !key || !/^[0-9a-f]+$/i.test(key)) return Promise.resolve(false);
  return new Promise((resolve) => {
    scrypt(
      password,
      salt,
      SCRYPT.keyLength,
      { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, maxmem: 128 * SCRYPT.N * SCRYPT.r * 2 },
      (err, derived) => {
        resolve(!err && safeEqual(derived.toString('hex'), key.toLowerCase()));
      },
    );
  });
}

/**
 * The hash of a random password nobody kept, made with ARGON2_OPTIONS (password.test.ts checks it
 * still carries them), so verifying against it costs what a real verification costs. Written out:
 * computed at start it would start a hashing thread and hold its memory before any sign-in, and
 * computed at first use the first unknown-account sign-in would take twice as long as any other.
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$ZKri2Mg2m0Jyl3rYwQDSfw$8H0TjKpnfv33b0kqM7Eh6UR9pInWYVAlWzjiKxRIkTQ';

/**
 * Spends the same Argon2 work as a real verification, for sign-ins of unknown accounts: the answer
 * and its timing must not tell whether an account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(DUMMY_HASH, password);
  return false;
}
