import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sign, signValue, unsignValue } from './hmac';

const SECRET = 'unit-secret-unit-secret-unit-secret-0000';
const OTHER_SECRET = 'other-secret-other-secret-other-secret-00';

describe('cookie signatures', () => {
  it('signs a value as `value.base64(HMAC-SHA256(secret, value))`, the better-auth signed-cookie format', () => {
    const expected = createHmac('sha256', SECRET).update('abc123').digest('base64');
    expect(sign('abc123', SECRET)).toBe(expected);
    expect(signValue('abc123', SECRET)).toBe(`abc123.${expected}`);
    expect(sign('abc123', SECRET)).toHaveLength(44);
  });

  it('gives different signatures for different secrets and different values', () => {
    expect(sign('abc', SECRET)).not.toBe(sign('abc', OTHER_SECRET));
    expect(sign('abc', SECRET)).not.toBe(sign('abd', SECRET));
  });

  it('returns the value of a correctly signed string', () => {
    expect(unsignValue(signValue('token-value', SECRET), SECRET)).toBe('token-value');
  });

  it('keeps dots inside the value, since only the last dot separates the signature', () => {
    expect(unsignValue(signValue('a.b.c', SECRET), SECRET)).toBe('a.b.c');
  });

  it('refuses a value signed with another secret', () => {
    expect(unsignValue(signValue('token-value', OTHER_SECRET), SECRET)).toBeNull();
  });

  it('refuses a value whose signature was altered in one character', () => {
    const signed = signValue('token-value', SECRET);
    const last = signed.at(-2) === 'A' ? 'B' : 'A';
    expect(unsignValue(signed.slice(0, -2) + last + signed.slice(-1), SECRET)).toBeNull();
  });

  it('refuses a value that was altered while its signature was kept', () => {
    const signature = sign('token-value', SECRET);
    expect(unsignValue(`token-valuf.${signature}`, SECRET)).toBeNull();
  });

  it('refuses a truncated signature, an empty value and a string without a dot', () => {
    const signed = signValue('token-value', SECRET);
    expect(unsignValue(signed.slice(0, -1), SECRET)).toBeNull();
    expect(unsignValue(`.${sign('', SECRET)}`, SECRET)).toBeNull();
    expect(unsignValue('token-value', SECRET)).toBeNull();
    expect(unsignValue('', SECRET)).toBeNull();
    expect(unsignValue('token-value.', SECRET)).toBeNull();
  });
});
