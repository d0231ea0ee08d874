/**
 * @module The frame of a browser test file: one server and one browser for the file, skipped with
 * a clear line when Chromium is not installed, unless REQUIRE_SERVICES is set (CI), where a
 * missing browser fails the run. `.ci/run` installs Debian's chromium when it is absent.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import { startAppServer, type AppServer } from './app-server';
import { CHROMIUM, hasChromium, launchBrowser } from './browser';

export interface E2E {
  server: AppServer;
  browser: Browser;
}

export function describeInBrowser(name: string, suite: (e2e: () => E2E) => void, env: Record<string, string> = {}): void {
  const available = hasChromium();
  if (!available && process.env.REQUIRE_SERVICES !== '1') {
    console.warn(`SKIPPED: ${name} — no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
  }
  (available || process.env.REQUIRE_SERVICES === '1' ? describe : describe.skip)(name, () => {
    let state: E2E | undefined;
    beforeAll(async () => {
      if (!available) throw new Error(`No Chromium at ${CHROMIUM}: install it with apt-get install -y chromium`);
      const [server, browser] = await Promise.all([startAppServer(env), launchBrowser()]);
      state = { server, browser };
    }, 120_000);
    afterAll(async () => {
      await state?.browser.close();
      await state?.server.stop();
    });
    suite(() => {
      if (!state) throw new Error('the browser suite did not start');
      return state;
    });
  });
}
