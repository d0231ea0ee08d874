import { describe, expect, it } from 'vitest';
import { AuthError } from '../errors';
import { resolveOptions } from '../options';
import { checkContentType, checkOrigin, isJson } from './origin-check';

const options = resolveOptions({
  baseURL: 'http://localhost:3000',
  secret: 'unit-test-secret-unit-test-secret-0123',
  database: { url: 'unused' },
  trustedOrigins: ['https://app.example.com/any/path'],
});

const UNSUPPORTED = 'CONTENT_TYPE_MUST_BE_APPLICATION_JSON';
const withCookies = { hasCookies: true, checkWithoutCookies: false };
const signInWithoutCookies = { hasCookies: false, checkWithoutCookies: true };
const plainWithoutCookies = { hasCookies: false, checkWithoutCookies: false };

function codeOf(run: () => void): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    expect(error.status).toBe(error.code === UNSUPPORTED ? 415 : 403);
    return error.code;
  }
}

describe('checkOrigin', () => {
  it('passes a cookie-bearing POST from the base origin', () => {
    expect(codeOf(() => checkOrigin(options, 'POST', new Headers({ origin: 'http://localhost:3000' }), withCookies))).toBeUndefined();
  });

  it('passes an origin added through trustedOrigins, which may be given as a full URL', () => {
    expect(codeOf(() => checkOrigin(options, 'POST', new Headers({ origin: 'https://app.example.com' }), withCookies))).toBeUndefined();
  });

  it('refuses a cookie-bearing POST without Origin or Referer with MISSING_OR_NULL_ORIGIN', () => {
    expect(codeOf(() => checkOrigin(options, 'POST', new Headers(), withCookies))).toBe('MISSING_OR_NULL_ORIGIN');
  });

  it('refuses `Origin: null` with MISSING_OR_NULL_ORIGIN', () => {
    expect(codeOf(() => checkOrigin(options, 'POST', new Headers({ origin: 'null' }), withCookies))).toBe('MISSING_OR_NULL_ORIGIN');
  });

  it('refuses an untrusted Origin with INVALID_ORIGIN', () => {
    for (const origin of ['https://evil.example', 'http://localhost:3001', 'https://localhost:3000', 'http://localhost:3000.evil.example']) {
      expect(codeOf(() => checkOrigin(options, 'POST', new Headers({ origin }), withCookies)), origin).toBe('INVALID_ORIGIN');
    }
  });

  it('uses the Referer when no Origin is sent', () => {
    expect(codeOf(() => checkOrigin(options, 'POST', new Headers({ referer: 'http://localhost:3000/account?tab=1' }), withCookies))).toBeUndefined();
    expect(codeOf(() => checkOrigin(options, 'POST', new Headers({ referer: 'https://evil.example/page' }), withCookies))).toBe('INVALID_ORIGIN');
    expect(codeOf(() => checkOrigin(options, 'POST', new Headers({ referer: 'not a url' }), withCookies))).toBe('MISSING_OR_NULL_ORIGIN');
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
      expect(codeOf(() => checkOrigin(options, method, new Headers({ origin: 'https://evil.example' }), withCookies))).toBeUndefined();
    }
  });

  it('does not check a request without cookies on ordinary routes', () => {
    expect(codeOf(() => checkOrigin(options, 'POST', new Headers({ origin: 'https://evil.example' }), plainWithoutCookies))).toBeUndefined();
  });

  it('checks a sent Origin without cookies on sign-in and sign-up, but lets server-to-server calls without one through', () => {
    expect(codeOf(() => checkOrigin(options, 'POST', new Headers({ origin: 'https://evil.example' }), signInWithoutCookies))).toBe('INVALID_ORIGIN');
    expect(codeOf(() => checkOrigin(options, 'POST', new Headers({ origin: 'null' }), signInWithoutCookies))).toBe('MISSING_OR_NULL_ORIGIN');
    expect(codeOf(() => checkOrigin(options, 'POST', new Headers({ origin: 'http://localhost:3000' }), signInWithoutCookies))).toBeUndefined();
    expect(codeOf(() => checkOrigin(options, 'POST', new Headers(), signInWithoutCookies))).toBeUndefined();
  });
});

describe('checkContentType', () => {
  it.each(['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain', 'text/plain;charset=UTF-8'])(
    'refuses a cookie-bearing POST sent as %s with 415',
    (type) => {
      expect(codeOf(() => checkContentType('POST', new Headers({ 'content-type': type }), true))).toBe(UNSUPPORTED);
    },
  );

  it('accepts JSON in its usual spellings', () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/merge-patch+json']) {
      expect(codeOf(() => checkContentType('POST', new Headers({ 'content-type': type }), true)), type).toBeUndefined();
    }
  });

  it('does not check requests without cookies, GET requests, or a POST without a body type', () => {
    expect(codeOf(() => checkContentType('POST', new Headers({ 'content-type': 'text/plain' }), false))).toBeUndefined();
    expect(codeOf(() => checkContentType('GET', new Headers({ 'content-type': 'text/plain' }), true))).toBeUndefined();
    expect(codeOf(() => checkContentType('POST', new Headers(), true))).toBeUndefined();
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
