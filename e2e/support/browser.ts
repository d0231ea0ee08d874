/**
 * @module Debian's Chromium driven by playwright-core (which never downloads a browser). The flags
 * keep it off the network beyond localhost: this machine refuses outside connections, and
 * Chromium's background services would otherwise retry them at every start.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM } from '../../test/services';

/** The test output folder: each end-to-end test leaves a screenshot of its last screen here. */
export const OUTPUT_DIR = fileURLToPath(new URL('../output', import.meta.url));

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const path = join(OUTPUT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
