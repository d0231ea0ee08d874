/**
 * @module The frame of a browser test file: one server and one browser for the file. Whether
 * Chromium is installed is probed once for the run, with the databases (test/global-setup.ts):
 * without it the run says so in its SKIPPED line and these suites count as skipped, and with
 * REQUIRE_SERVICES=1 (CI) the run fails instead. `.ci/run` installs Debian's chromium when absent.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { startAppServer, type AppServer, type AppServerEnv, type AppServerOptions } from './app-server';
import { launchBrowser } from './browser';

export interface E2E {
  server: AppServer;
  browser: Browser;
}

export function describeInBrowser(
  name: string,
  suite: (e2e: () => E2E) => void,
  env: AppServerEnv = {},
  options: AppServerOptions = {},
): void {
  // Each screenshot is four (two schemes at two widths, support/browser.ts): a journey that took
  // 15 s with single shots takes about 30 on a loaded machine, past the 30 s default.
  describe.skipIf(!inject('chromium'))(name, { timeout: 90_000 }, () => {
    let state: E2E | undefined;
    beforeAll(async () => {
      const [server, browser] = await Promise.all([startAppServer(env, options), launchBrowser()]);
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
