/**
 * COOKIE_PREFIX end to end: with `better-auth`, the standalone server names its cookies as
 * better-auth does, so an application whose middleware looks for `better-auth.session_token`
 * finds the session, and reads it back with those cookies.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSetCookie } from '../../../test/browser-cookies';
import { cookieFetch } from '../../../test/cookie-fetch';
import { startStandalone, stopStandalone, type StandaloneProcess } from './support/standalone-process';

let cwd: string;
let server: StandaloneProcess;

beforeAll(async () => {
  cwd = mkdtempSync(join(tmpdir(), 'latchkey-prefix-'));
  server = await startStandalone(cwd, { WEB_DIR: join(cwd, 'no-web-app'), COOKIE_PREFIX: 'better-auth' });
});

afterAll(async () => {
  await stopStandalone(server);
  rmSync(cwd, { recursive: true, force: true });
});

describe('standalone server with COOKIE_PREFIX=better-auth', () => {
  it('sets better-auth.session_token and better-auth.session_data, and reads the session back from them', async () => {
    // A browser's sign-up: Node's fetch sends Sec-Fetch-Mode, so it must name its origin.
    const browser = cookieFetch(server.url.replace('127.0.0.1', 'localhost'));
    const signUp = await browser.postJson(`${server.url}/api/auth/sign-up/email`, {
      name: 'Ada',
      email: 'ada@example.com',
      password: 'correct horse battery',
    });
    expect(signUp.status).toBe(200);
    const names = signUp.headers.getSetCookie().map((header) => parseSetCookie(header)[0]);
    expect(names).toEqual(expect.arrayContaining(['better-auth.session_token', 'better-auth.session_data']));
    expect(names.some((name) => name.startsWith('latchkey.'))).toBe(false);

    const session = await browser.fetch(`${server.url}/api/auth/get-session?disableCookieCache=true`);
    expect(await session.json()).toMatchObject({ user: { email: 'ada@example.com' } });
  });
});
