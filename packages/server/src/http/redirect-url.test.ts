import { describe, expect, it } from 'vitest';
import { AuthError } from '../errors';
import { resolveOptions } from '../options';
import { checkRedirectFields, isSafeRedirect, REDIRECT_FIELDS } from './redirect-url';

const options = resolveOptions({
  baseURL: 'http://localhost:3000',
  secret: 'unit-test-secret-unit-test-secret-0123',
  database: { url: 'unused' },
  trustedOrigins: ['https://app.example.com'],
});

const SAFE = [
  '/',
  '/dashboard',
  '/a?b=c',
  '/search?q=red%20shoes',
  '/a/b/c#section',
  '/welcome?next=%2Fdashboard',
  'http://localhost:3000',
  'http://localhost:3000/dashboard',
  'HTTP://LOCALHOST:3000/upper-case-scheme-and-host',
  'https://app.example.com/after-sign-in',
  'https://app.example.com',
];

const UNSAFE = [
  'https://evil.example',
  'https://evil.example/dashboard',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '/%2F%2Fevil.example',
  '/%2f%2fevil.example',
  '/%252F%252Fevil.example',
  '/%5Cevil.example',
  '/%5cevil.example',
  '%2F%2Fevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/%09/evil.example',
  '/%0A/evil.example',
  '/%E0%A4%A',
  'http://localhost:3000@evil.example',
  'http://localhost:3000:@evil.example',
  'https://evil.example#http://localhost:3000',
  'https://evil.example?http://localhost:3000',
  'http://localhost:3000.evil.example',
  'https://localhost:3000',
  'http://localhost:3001',
  'http:\\\\evil.example',
  'http:/evil.example',
  'dashboard',
  '',
];

describe('isSafeRedirect', () => {
  it.each(SAFE)('accepts %j, a path on this origin or a trusted origin', (value) => {
    expect(isSafeRedirect(options, value)).toBe(true);
  });

  it.each(UNSAFE)('refuses %j', (value) => {
    expect(isSafeRedirect(options, value)).toBe(false);
  });

  it('never accepts a value that a browser, or an application decoding it first, would send to another origin', () => {
    // A deterministic search over strings built from the characters open redirects are made of.
    const alphabet = ['/', '\\', '%2F', '%5C', '%09', '\t', '\n', ':', '@', '#', '?', '.', 'evil', 'localhost:3000', 'http:', 'https:', '%25', ' '];
    let seed = 20260101;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    const browserReads = (value: string) => value.replace(/[\t\n\r]/g, '').replace(/\\/g, '/');
    const trusted = (value: string) => {
      try {
        return options.trustedOrigins.has(new URL(browserReads(value), options.baseOrigin).origin);
      } catch {
        return true; // the browser cannot navigate there at all
      }
    };
    let accepted = 0;
    for (let i = 0; i < 20_000; i++) {
      const length = 1 + (next() % 6);
      let candidate = '';
      for (let j = 0; j < length; j++) candidate += alphabet[next() % alphabet.length];
      if (!isSafeRedirect(options, candidate)) continue;
      accepted += 1;
      expect(trusted(candidate), candidate).toBe(true);
      let decoded = candidate;
      try {
        decoded = decodeURIComponent(decodeURIComponent(candidate));
      } catch {
        /* not decodable: only the raw form can be followed */
      }
      expect(trusted(decoded), `${candidate} decoded`).toBe(true);
    }
    expect(accepted).toBeGreaterThan(500);
  });
});

describe('checkRedirectFields', () => {
  it.each([
    ['callbackURL', 'INVALID_CALLBACKURL', 'Invalid callbackURL'],
    ['redirectTo', 'INVALID_REDIRECTURL', 'Invalid redirectURL'],
    ['errorCallbackURL', 'INVALID_ERRORCALLBACKURL', 'Invalid errorCallbackURL'],
    ['newUserCallbackURL', 'INVALID_NEWUSERCALLBACKURL', 'Invalid newUserCallbackURL'],
  ])('refuses an unsafe %s with 403 %s "%s"', (field, code, message) => {
    let thrown: unknown;
    try {
      checkRedirectFields(options, { [field]: '//evil.example' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AuthError);
    expect((thrown as AuthError).toJSON()).toEqual({ code, message });
    expect((thrown as AuthError).status).toBe(403);
  });

  it('covers exactly the four redirect fields', () => {
    expect(REDIRECT_FIELDS.map(([field]) => field)).toEqual(['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL']);
  });

  it('accepts safe values in every redirect field at once', () => {
    expect(() =>
      checkRedirectFields(options, {
        callbackURL: '/dashboard',
        redirectTo: 'http://localhost:3000/reset',
        errorCallbackURL: '/error?x=1',
        newUserCallbackURL: 'https://app.example.com/welcome',
      }),
    ).not.toThrow();
  });

  it('names the first unsafe field when several are present', () => {
    expect(() => checkRedirectFields(options, { callbackURL: '/ok', errorCallbackURL: 'https://evil.example' })).toThrow(
      'Invalid errorCallbackURL',
    );
  });

  it('ignores other fields, non-string values and inputs that are not objects', () => {
    expect(() => checkRedirectFields(options, { url: 'https://evil.example', next: '//evil.example' })).not.toThrow();
    expect(() => checkRedirectFields(options, { callbackURL: undefined })).not.toThrow();
    expect(() => checkRedirectFields(options, undefined)).not.toThrow();
    expect(() => checkRedirectFields(options, null)).not.toThrow();
    expect(() => checkRedirectFields(options, 'https://evil.example')).not.toThrow();
  });
});
