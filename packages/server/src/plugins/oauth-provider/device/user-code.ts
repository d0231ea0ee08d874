/**
 * @module The user code of a device authorization (RFC 8628 §6.1): what a person reads off a
 * screen and types on another device. better-auth's alphabet — upper-case letters and digits
 * without the look-alikes 0/O, 1/I — 8 characters shown as `XXXX-XXXX`, and matched ignoring case,
 * dashes and spaces, as §6.1 recommends.
 *
 * 32^8 ≈ 2^40 codes: a guesser must hit one of the few pending codes among a trillion, and the
 * three routes that look codes up (GET /device, approve, deny) are rate limited by the strict
 * tier: 3 tries per 10 s per address and route, 1,620 during a code's 30-minute life. Even ten
 * thousand addresses find a given code with odds of about 1 in 68,000.
 */
import { randomString } from '../../../plugin';

/* cspell:disable-next-line */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

/** A fresh code in its stored (normalised) form. */
export function newUserCode(): string {
  return randomString(LENGTH, ALPHABET);
}

/** How the user sees it: `ABCD-EFGH`. */
export function displayUserCode(code: string): string {
  return `${code.slice(0, LENGTH / 2)}-${code.slice(LENGTH / 2)}`;
}

/** What a typed code is stored as: upper-case, without the dashes and spaces people add. */
export function normalizeUserCode(typed: string): string {
  return typed.replace(/[\s-]+/g, '').toUpperCase();
}
