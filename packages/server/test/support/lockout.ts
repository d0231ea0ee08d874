/**
 * @module The answer of a sign-in the throttle refuses (SPEC §6): 429 with the wait in
 * `X-Retry-After`, and no cookie, so a locked attempt neither signs in nor marks the browser.
 */
import { expect } from 'vitest';
import type { TestResponse } from './harness';

export const TOO_MANY = { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' };

export function expectLocked(response: TestResponse, retryAfterSeconds = 1): void {
  expect(response.status).toBe(429);
  expect(response.body).toEqual(TOO_MANY);
  expect(response.headers.get('x-retry-after')).toBe(String(retryAfterSeconds));
  expect(response.setCookies.size).toBe(0);
}
