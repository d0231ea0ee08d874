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

/** The test output folder: the end-to-end tests leave screenshots of the screens they visit here. */
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

/** The widths the journeys were walked at: a laptop and a phone. */
export const SCREENSHOT_VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;
export const COLOR_SCHEMES = ['light', 'dark'] as const;

/**
 * Four full-page screenshots of the screen as it is, `<name>-<width>-<scheme>.png`: light and dark
 * (the app follows the system's scheme until the user picks one) at both widths. The page's own
 * viewport and scheme are restored afterwards, so the test goes on as before. Returns the paths.
 */
export async function saveScreenshot(page: Page, name: string): Promise<string[]> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const original = page.viewportSize();
  const paths: string[] = [];
  for (const viewport of SCREENSHOT_VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const colorScheme of COLOR_SCHEMES) {
      await page.emulateMedia({ colorScheme });
      await settle(page);
      const path = join(OUTPUT_DIR, `${name}-${viewport.width}-${colorScheme}.png`);
      await page.screenshot({ path, fullPage: true });
      paths.push(path);
    }
  }
  // null: back to the context's own scheme.
  await page.emulateMedia({ colorScheme: null });
  if (original) await page.setViewportSize(original);
  await settle(page);
  return paths;
}

/** Media query listeners re-render on the next frames; a screenshot before them shows the old layout. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
