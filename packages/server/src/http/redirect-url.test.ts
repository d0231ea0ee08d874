import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AuthError, ERRORS, type ErrorEntry } from '../endpoint/errors';
import { resolveOptions } from '../auth/options';
import { redirectUrl } from '../validation/fields';
import { locationOf } from './redirect';
import { checkRedirectTargets, isSafeRedirect } from './redirect-url';

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
  '/./dashboard',
  '/a/../dashboard',
  '/a//b',
  '/%2e/dashboard',
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
  // Dot segments: resolving removes them and leaves a path that begins with `//` (issue #29).
  '/.//evil.example/x',
  '/..//evil.example/x',
  '/%2e//evil.example/x',
  '/%2E//evil.example/x',
  '/a/..//evil.example/x',
  '/%2e%2e//evil.example/x',
  '/a/%2e%2e//evil.example/x',
  '/./..//evil.example',
  '/.%2f/evil.example',
  '/.%2F%2Fevil.example',
  '/%2e%2f/evil.example',
  '/.%5c/evil.example',
  '/.%5cevil.example',
  '/.\\evil.example',
  '/.\\/evil.example',
  '\\evil',
  '/.\t//evil.example',
  '/\t.//evil.example',
  '/.\n//evil.example',
  '/.%09//evil.example',
  '/.%0a//evil.example',
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
    const alphabet = [
      '/',
      '\\',
      '%2F',
      '%5C',
      '%09',
      '\t',
      '\n',
      ':',
      '@',
      '#',
      '?',
      '.',
      'evil',
      'localhost:3000',
      'http:',
      'https:',
      '%25',
      ' ',
    ];
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

describe('the Location emitted for an accepted target', () => {
  const browserReads = (value: string) => value.replace(/[\t\n\r]/g, '').replace(/\\/g, '/');
  const landsOn = (location: string) => new URL(browserReads(location), options.baseOrigin).origin;

  it('never leaves the trusted origins, whatever query the server adds, for every generated relative target', () => {
    // Relative targets built from the pieces dot-segment and slash tricks are made of; each one
    // accepted is emitted as the routes emit it (with and without a query) and followed as a
    // browser follows a Location.
    const pieces = [
      '/',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2e%2e',
      '%2f',
      '%2F',
      '%5c',
      '\\',
      '\t',
      '%09',
      'a',
      'evil.example',
      '?',
      '#',
      '@',
      ':',
    ];
    let seed = 29;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    let accepted = 0;
    for (let i = 0; i < 30_000; i++) {
      const length = 1 + (next() % 7);
      let candidate = '/';
      for (let j = 0; j < length; j++) candidate += pieces[next() % pieces.length];
      if (!isSafeRedirect(options, candidate)) continue;
      accepted += 1;
      const queries: Record<string, string>[] = [{}, { token: 'secret-token' }, { error: 'INVALID_TOKEN' }];
      for (const params of queries) {
        const location = locationOf(candidate, options.baseOrigin, params);
        expect(options.trustedOrigins.has(landsOn(location)), `${candidate} → ${location}`).toBe(true);
        expect(location.startsWith('//') || location.startsWith('/\\'), location).toBe(false);
      }
    }
    expect(accepted).toBeGreaterThan(1000);
  });

  it('emits the resolved form of a relative target, with the query added and the fragment kept', () => {
    expect(locationOf('/a/../reset?lang=en#top', options.baseOrigin, { token: 't' })).toBe(
      '/reset?lang=en&token=t#top',
    );
    expect(locationOf('/%2e/done', options.baseOrigin)).toBe('/done');
    expect(locationOf('https://app.example.com/in', options.baseOrigin, { error: 'x' })).toBe(
      'https://app.example.com/in?error=x',
    );
  });

  it('emits a resolved path that begins with // absolute, so that it cannot be read as another host', () => {
    expect(locationOf('/.//evil.example/x', options.baseOrigin, { token: 't' })).toBe(
      'http://localhost:3000//evil.example/x?token=t',
    );
  });
});

/** A schema that holds itself through a getter, zod 4's way of writing recursion. */
function tree() {
  const schema = z.object({
    next: redirectUrl(ERRORS.invalidCallbackURL).optional(),
    get child(): z.ZodOptional<typeof schema> {
      return schema.optional();
    },
  });
  return schema;
}

/** Parses as the endpoint runner does, then checks the marked fields of what was parsed. */
function check(schema: z.ZodType, input: unknown): void {
  checkRedirectTargets(options, schema, schema.parse(input));
}

function thrownBy(run: () => void): AuthError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AuthError);
    return error as AuthError;
  }
  throw new Error('nothing thrown');
}

describe('checkRedirectTargets', () => {
  it.each([
    ['callbackURL', ERRORS.invalidCallbackURL, 'INVALID_CALLBACKURL', 'Invalid callbackURL'],
    ['redirectTo', ERRORS.invalidRedirectURL, 'INVALID_REDIRECTURL', 'Invalid redirectURL'],
    ['errorCallbackURL', ERRORS.invalidErrorCallbackURL, 'INVALID_ERRORCALLBACKURL', 'Invalid errorCallbackURL'],
    [
      'newUserCallbackURL',
      ERRORS.invalidNewUserCallbackURL,
      'INVALID_NEWUSERCALLBACKURL',
      'Invalid newUserCallbackURL',
    ],
  ] as const)(
    'refuses an unsafe %s with the entry its mark carries, 403 %s "%s"',
    (field, entry: ErrorEntry, code, message) => {
      const thrown = thrownBy(() =>
        check(z.object({ [field]: redirectUrl(entry).optional() }), { [field]: '//evil.example' }),
      );
      expect(thrown.toJSON()).toEqual({ code, message });
      expect(thrown.status).toBe(403);
    },
  );

  it('checks a marked field whatever its name, and leaves unmarked fields with the old names alone', () => {
    const schema = z.object({ returnTo: redirectUrl(ERRORS.invalidRedirectURL), callbackURL: z.string() });
    expect(thrownBy(() => check(schema, { returnTo: 'https://evil.example', callbackURL: '/ok' })).message).toBe(
      'Invalid redirectURL',
    );
    expect(() => check(schema, { returnTo: '/ok', callbackURL: 'https://evil.example' })).not.toThrow();
  });

  it('finds marked fields wherever they sit: nested objects, arrays, records, unions, defaults, pipes, lazy schemas', () => {
    const target = () => redirectUrl(ERRORS.invalidCallbackURL);
    const node: z.ZodType = z.lazy(() => z.object({ next: target().optional(), child: node.optional() }));
    const schemas: ReadonlyArray<readonly [z.ZodType, unknown]> = [
      [z.object({ outer: z.object({ inner: target() }) }), { outer: { inner: '//evil.example' } }],
      [z.object({ list: z.array(target()) }), { list: ['/ok', '//evil.example'] }],
      [z.object({ byName: z.record(z.string(), target()) }), { byName: { a: '//evil.example' } }],
      [z.object({ either: z.union([z.number(), target()]) }), { either: '//evil.example' }],
      [z.object({ fallback: target().default('https://evil.example') }), {}],
      [z.object({ piped: z.string().pipe(target()) }), { piped: '//evil.example' }],
      [z.object({ maxed: target().max(100).nullable() }), { maxed: '//evil.example' }],
      [z.object({ tree: node }), { tree: { child: { child: { next: '//evil.example' } } } }],
      [z.object({ tree: tree() }), { tree: { child: { child: { next: '//evil.example' } } } }],
    ];
    for (const [schema, input] of schemas) {
      expect(thrownBy(() => check(schema, input)).message, JSON.stringify(input)).toBe('Invalid callbackURL');
    }
  });

  it('accepts safe values in every marked field at once', () => {
    const schema = z.object({
      callbackURL: redirectUrl(ERRORS.invalidCallbackURL),
      redirectTo: redirectUrl(ERRORS.invalidRedirectURL),
      errorCallbackURL: redirectUrl(ERRORS.invalidErrorCallbackURL),
      newUserCallbackURL: redirectUrl(ERRORS.invalidNewUserCallbackURL),
    });
    expect(() =>
      check(schema, {
        callbackURL: '/dashboard',
        redirectTo: 'http://localhost:3000/reset',
        errorCallbackURL: '/error?x=1',
        newUserCallbackURL: 'https://app.example.com/welcome',
      }),
    ).not.toThrow();
  });

  it('names the first unsafe field of the schema when several are present', () => {
    const schema = z.object({
      callbackURL: redirectUrl(ERRORS.invalidCallbackURL),
      errorCallbackURL: redirectUrl(ERRORS.invalidErrorCallbackURL),
    });
    expect(() => check(schema, { callbackURL: '/ok', errorCallbackURL: 'https://evil.example' })).toThrow(
      'Invalid errorCallbackURL',
    );
    expect(() => check(schema, { callbackURL: '//evil.example', errorCallbackURL: 'https://evil.example' })).toThrow(
      'Invalid callbackURL',
    );
  });

  it('ignores absent fields, schemas without marks and endpoints without a schema', () => {
    expect(() => check(z.object({ callbackURL: redirectUrl(ERRORS.invalidCallbackURL).optional() }), {})).not.toThrow();
    expect(() =>
      check(z.object({ url: z.string(), next: z.string() }), { url: 'https://evil.example', next: '//evil.example' }),
    ).not.toThrow();
    expect(() => checkRedirectTargets(options, undefined, { callbackURL: '//evil.example' })).not.toThrow();
  });
});
