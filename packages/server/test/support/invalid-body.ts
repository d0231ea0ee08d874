/**
 * @module The answer to a body its endpoint's schema refuses: 400 VALIDATION_ERROR with a detail
 * per refused field, so a test names the fields rather than matching zod's wording.
 */
import { expect } from 'vitest';
import type { TestResponse } from './harness';

/** 400 VALIDATION_ERROR whose details name exactly `paths`, in any order. */
export function expectInvalidBody(response: TestResponse, paths: string[]): void {
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
  const named = (response.body.details as { path: string }[]).map((detail) => detail.path);
  expect(named.sort()).toEqual([...paths].sort());
}
