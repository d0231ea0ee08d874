import { describe, expect, it } from 'vitest';
import { AuthError } from '../endpoint/errors';
import { resolveOptions } from '../auth/options';
import { checkContentType, checkOrigin, isJson } from './origin-check';

const options = resolveOptions({
  baseURL: 'http://localhost:3000',
  secret: 'unit-test-secret-unit-test-secret-0123',
  database: { url: 'unused' },
  trustedOrigins: ['https://app.example.com/any/path'],
});

const UNSUPPORTED = 'CONTENT_TYPE_MUST_BE_APPLICATION_JSON';
const UNSUPPORTED_OR_FORM = 'CONTENT_TYPE_MUST_BE_APPLICATION_JSON_OR_APPLICATION_X_WWW_FORM_URLENCODED';
const withCookies = { hasCookies: true, checkWithoutCookies: false };
const signInWithoutCookies = { hasCookies: false, checkWithoutCookies: true };
const plainWithoutCookies = { hasCookies: false, checkWithoutCookies: false };

function codeOf(run: () => void): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    expect(error.status).toBe(error.code === UNSUPPORTED || error.code === UNSUPPORTED_OR_FORM ? 415 : 403);
    return error.code;
  }
}

describe('checkOrigin', () => {
  it('passes a cookie-bearing POST from the base origin', () => {
    expect(
      codeOf(() => checkOrigin(options, 'POST', new Headers({ origin: 'http://localhost:3000' }), withCookies)),
    ).toBeUndefined();
  });

  it('passes an origin added through trustedOrigins, which may be given as a full URL', () => {
    expect(
      codeOf(() => checkOrigin(options, 'POST', new Headers({ origin: 'https://app.example.com' }), withCookies)),
    ).toBeUndefined();
  });

  it('refuses a cookie-bearing POST without Origin or Referer with MISSING_OR_NULL_ORIGIN', () => {
    expect(codeOf(() => checkOrigin(options, 'POST', new Headers(), withCookies))).toBe('MISSING_OR_NULL_ORIGIN');
  });

  it('refuses `Origin: null` with MISSING_OR_NULL_ORIGIN', () => {
    expect(codeOf(() => checkOrigin(options, 'POST', new Headers({ origin: 'null' }), withCookies))).toBe(
      'MISSING_OR_NULL_ORIGIN',
    );
  });

  it('refuses an untrusted Origin with INVALID_ORIGIN', () => {
    for (const origin of [
      'https://evil.example',
      'http://localhost:3001',
      'https://localhost:3000',
      'http://localhost:3000.evil.example',
    ]) {
      expect(
        codeOf(() => checkOrigin(options, 'POST', new Headers({ origin }), withCookies)),
        origin,
      ).toBe('INVALID_ORIGIN');
    }
  });

  it('uses the Referer when no Origin is sent', () => {
    expect(
      codeOf(() =>
        checkOrigin(options, 'POST', new Headers({ referer: 'http://localhost:3000/account?tab=1' }), withCookies),
      ),
    ).toBeUndefined();
    expect(
      codeOf(() => checkOrigin(options, 'POST', new Headers({ referer: 'https://evil.example/page' }), withCookies)),
    ).toBe('INVALID_ORIGIN');
    expect(codeOf(() => checkOrigin(options, 'POST', new Headers({ referer: 'not a url' }), withCookies))).toBe(
      'MISSING_OR_NULL_ORIGIN',
    );
  });

  it('refuses `Origin: null` even beside a trusted Referer: an opaque origin is nobody to trust', () => {
    const headers = new Headers({ origin: 'null', referer: 'http://localhost:3000/x' });
    expect(codeOf(() => checkOrigin(options, 'POST', headers, withCookies))).toBe('MISSING_OR_NULL_ORIGIN');
  });

  it('lets an untrusted Origin win over a trusted Referer', () => {
    const headers = new Headers({ origin: 'https://evil.example', referer: 'http://localhost:3000/x' });
    expect(codeOf(() => checkOrigin(options, 'POST', headers, withCookies))).toBe('INVALID_ORIGIN');
  });

  it('does not check GET, HEAD or OPTIONS, which change nothing', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(
        codeOf(() => checkOrigin(options, method, new Headers({ origin: 'https://evil.example' }), withCookies)),
      ).toBeUndefined();
    }
  });

  it('does not check a request without cookies on ordinary routes', () => {
    expect(
      codeOf(() => checkOrigin(options, 'POST', new Headers({ origin: 'https://evil.example' }), plainWithoutCookies)),
    ).toBeUndefined();
  });

  it('checks a sent Origin without cookies on sign-in and sign-up, but lets server-to-server calls without one through', () => {
    expect(
      codeOf(() => checkOrigin(options, 'POST', new Headers({ origin: 'https://evil.example' }), signInWithoutCookies)),
    ).toBe('INVALID_ORIGIN');
    expect(codeOf(() => checkOrigin(options, 'POST', new Headers({ origin: 'null' }), signInWithoutCookies))).toBe(
      'MISSING_OR_NULL_ORIGIN',
    );
    expect(
      codeOf(() =>
        checkOrigin(options, 'POST', new Headers({ origin: 'http://localhost:3000' }), signInWithoutCookies),
      ),
    ).toBeUndefined();
    expect(codeOf(() => checkOrigin(options, 'POST', new Headers(), signInWithoutCookies))).toBeUndefined();
  });

  it('checks a Referer sent without cookies and without Origin on sign-in and sign-up', () => {
    expect(
      codeOf(() =>
        checkOrigin(options, 'POST', new Headers({ referer: 'https://evil.example/login' }), signInWithoutCookies),
      ),
    ).toBe('INVALID_ORIGIN');
    expect(
      codeOf(() =>
        checkOrigin(options, 'POST', new Headers({ referer: 'http://localhost:3000/login' }), signInWithoutCookies),
      ),
    ).toBeUndefined();
  });

  it('refuses a cross-site navigation to sign-in without cookies, whatever Origin it claims', () => {
    const navigation = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
    for (const origin of [undefined, 'https://evil.example', 'http://localhost:3000']) {
      const headers = new Headers(origin === undefined ? navigation : { ...navigation, origin });
      expect(
        codeOf(() => checkOrigin(options, 'POST', headers, signInWithoutCookies)),
        origin,
      ).toBe('CROSS_SITE_NAVIGATION_LOGIN_BLOCKED');
    }
  });

  it('requires a trusted Origin without cookies once the browser sends any Fetch Metadata', () => {
    const cases: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-mode': 'cors' },
      { 'sec-fetch-dest': 'empty' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' },
    ];
    for (const metadata of cases) {
      expect(
        codeOf(() => checkOrigin(options, 'POST', new Headers(metadata), signInWithoutCookies)),
        JSON.stringify(metadata),
      ).toBe('MISSING_OR_NULL_ORIGIN');
      const evil = new Headers({ ...metadata, origin: 'https://evil.example' });
      expect(
        codeOf(() => checkOrigin(options, 'POST', evil, signInWithoutCookies)),
        JSON.stringify(metadata),
      ).toBe('INVALID_ORIGIN');
      const trusted = new Headers({ ...metadata, origin: 'http://localhost:3000' });
      expect(
        codeOf(() => checkOrigin(options, 'POST', trusted, signInWithoutCookies)),
        JSON.stringify(metadata),
      ).toBeUndefined();
    }
  });

  it('lets a same-origin or same-site form navigation from a trusted origin sign in', () => {
    for (const site of ['same-origin', 'same-site', 'none']) {
      const headers = new Headers({
        'sec-fetch-site': site,
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
        origin: 'http://localhost:3000',
      });
      expect(
        codeOf(() => checkOrigin(options, 'POST', headers, signInWithoutCookies)),
        site,
      ).toBeUndefined();
    }
  });

  it('judges a cookie-bearing sign-in by its origin alone, as better-auth does', () => {
    const headers = new Headers({
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
      origin: 'http://localhost:3000',
    });
    expect(
      codeOf(() => checkOrigin(options, 'POST', headers, { hasCookies: true, checkWithoutCookies: true })),
    ).toBeUndefined();
  });

  it('ignores Fetch Metadata on ordinary routes without cookies', () => {
    const headers = new Headers({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' });
    expect(codeOf(() => checkOrigin(options, 'POST', headers, plainWithoutCookies))).toBeUndefined();
  });
});

describe('checkContentType', () => {
  it.each([
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'text/plain',
    'text/plain;charset=UTF-8',
  ])('refuses a POST sent as %s with 415 on a JSON-only route', (type) => {
    expect(codeOf(() => checkContentType('POST', new Headers({ 'content-type': type }), false))).toBe(UNSUPPORTED);
  });

  it.each(['multipart/form-data; boundary=x', 'text/plain', 'application/xml'])(
    'refuses a POST sent as %s with 415 on a route that takes forms',
    (type) => {
      expect(codeOf(() => checkContentType('POST', new Headers({ 'content-type': type }), true))).toBe(
        UNSUPPORTED_OR_FORM,
      );
    },
  );

  it('reads a urlencoded form only where the route takes one', () => {
    for (const type of ['application/x-www-form-urlencoded', 'Application/X-WWW-Form-Urlencoded; charset=UTF-8']) {
      expect(checkContentType('POST', new Headers({ 'content-type': type }), true), type).toBe('form');
    }
  });

  it('accepts JSON in its usual spellings', () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/merge-patch+json',
    ]) {
      expect(checkContentType('POST', new Headers({ 'content-type': type }), false), type).toBe('json');
      expect(checkContentType('POST', new Headers({ 'content-type': type }), true), type).toBe('json');
    }
  });

  it('does not check GET requests, and reads a POST without a body type as JSON', () => {
    expect(checkContentType('GET', new Headers({ 'content-type': 'text/plain' }), false)).toBe('json');
    expect(checkContentType('POST', new Headers(), false)).toBe('json');
  });
});

describe('isJson', () => {
  it('recognises JSON media types and nothing else', () => {
    expect(isJson('application/json')).toBe(true);
    expect(isJson(' application/json ; charset=utf-8')).toBe(true);
    expect(isJson('application/ld+json')).toBe(true);
    expect(isJson('application/jsonp')).toBe(false);
    expect(isJson('text/json')).toBe(false);
    expect(isJson('')).toBe(false);
  });
});
