import { describe, expect, it } from 'vitest';
import { normalizeEmail } from './email';

describe('normalizeEmail', () => {
  it('lower-cases a valid address', () => {
    expect(normalizeEmail('Alice.Smith@Example.COM')).toBe('alice.smith@example.com');
  });

  it('trims surrounding whitespace', () => {
    expect(normalizeEmail('  bob@example.com \t')).toBe('bob@example.com');
  });

  it('accepts the usual shapes of addresses', () => {
    for (const email of [
      'a@example.com',
      'first.last@example.co.uk',
      'user+tag@example.org',
      "o'neil@example.ie",
      'x_y-z@sub.example.com',
    ]) {
      expect(normalizeEmail(email), email).toBe(email);
    }
  });

  it('refuses an address typed with a full-width at sign (＠) rather than mapping it onto @', () => {
    expect(normalizeEmail('alice\uff20example.com')).toBeNull();
  });

  it('refuses any address whose NFKC form differs from what was typed', () => {
    // Full-width letter, the "fi" ligature, a superscript digit and the Kelvin sign all fold under NFKC.
    for (const email of [
      '\uff41lice@example.com',
      '\ufb01le@example.com',
      'user\u00b2@example.com',
      '\u212aelvin@example.com',
    ]) {
      expect(normalizeEmail(email), email).toBeNull();
    }
  });

  it('refuses a comma- or semicolon-separated list of addresses', () => {
    expect(normalizeEmail('alice@example.com,bob@example.com')).toBeNull();
    expect(normalizeEmail('alice@example.com, bob@example.com')).toBeNull();
    expect(normalizeEmail('alice@example.com;bob@example.com')).toBeNull();
  });

  it('refuses malformed addresses', () => {
    for (const email of [
      '',
      '   ',
      'plainaddress',
      '@example.com',
      'alice@',
      'alice@@example.com',
      'alice@example',
      'alice@exa mple.com',
      'al ice@example.com',
      '.alice@example.com',
      'alice..smith@example.com',
      'Alice <alice@example.com>',
      'alice@example.com\r\nBcc: eve@example.com',
    ]) {
      expect(normalizeEmail(email), JSON.stringify(email)).toBeNull();
    }
  });
});
