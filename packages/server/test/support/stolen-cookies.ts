/**
 * @module Copies of a browser's cookies, as a thief replays them: the session token with the
 * `session_data` cache, which must die with the session however it ends.
 */
import { expect } from 'vitest';
import type { Harness, TestClient } from './harness';

const DATA = 'latchkey.session_data';

/** Another browser, at `ip`, holding a copy of `client`'s cookies as they are now. */
export function copyCookies(h: Harness, client: TestClient, ip?: string): TestClient {
  const copy = h.client(ip);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

/** A thief's browser holding a copy of `client`'s cookies, taken after a cache was issued. */
export async function stealCookies(h: Harness, client: TestClient): Promise<TestClient> {
  const warm = await client.get('/get-session');
  expect(warm.body.user).toBeTruthy();
  expect(client.cookies.get(DATA)).toBeTruthy();
  return copyCookies(h, client, '198.51.100.66');
}

/** The replayed cookies give no session: get-session answers null. */
export async function expectReplayRefused(thief: TestClient): Promise<void> {
  const replay = await thief.get('/get-session');
  expect(replay.status).toBe(200);
  expect(replay.text).toBe('null');
}
