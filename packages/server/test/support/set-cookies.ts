/**
 * @module Assertions on the Set-Cookie headers of an answer, read header by header: the parsed
 * `setCookies` map keeps one entry a name, so it cannot show a cookie sent twice.
 */
import { expect } from 'vitest';
import type { TestResponse } from './harness';

export const SESSION_COOKIES = ['latchkey.session_token', 'latchkey.session_data', 'latchkey.dont_remember'];

/** Each session cookie is sent empty with Max-Age=0, so the browser drops it. */
export function expectSessionCookiesCleared(response: TestResponse): void {
  for (const name of SESSION_COOKIES) {
    const cookie = response.setCookies.get(name);
    expect(cookie, name).toBeDefined();
    expect(cookie!.value, name).toBe('');
    expect(cookie!.attributes['max-age'], name).toBe('0');
  }
}

/** The answer sets `name`, and no cookie in more than one header. */
export function expectEachCookieOnce(response: TestResponse, name: string): void {
  const names = response.headers.getSetCookie().map((header) => header.slice(0, header.indexOf('=')));
  expect(names).toContain(name);
  expect(new Set(names).size).toBe(names.length);
}
