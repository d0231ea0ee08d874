/**
 * What the browser downloads: the sign-in page loads neither the admin console with its DataGrid
 * nor the organization and account screens (each comes as its own chunk on first visit), and the
 * app's files arrive precompressed with a cache policy that fits them. A cold first load of the
 * sign-in page stays within its budget: one language's texts, no strength estimator.
 */
import type { Page, Response } from 'playwright-core';
import { expect, it } from 'vitest';
import germanAuth from '../apps/web/src/locales/de/auth.json';
import { ADMIN_EMAIL } from './support/app-server';
import { saveScreenshot } from './support/browser';
import { describeInBrowser } from './support/suite';
import { chooseFromUserMenu, fillSignIn, signUpAdminByApi } from './support/users';

/** The DataGrid's theme name: its components and its locales both carry it, minified or not. */
const DATA_GRID_MARKER = 'MuiDataGrid';

/** Every script the page downloads from now on, with its body. */
function recordScripts(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script') scripts.set(response.url(), response.text());
  });
  return scripts;
}

async function bodies(scripts: Map<string, Promise<string>>): Promise<string[]> {
  return Promise.all(scripts.values());
}

/**
 * The first load's budget, compressed as the server sends it, every file counted (page, scripts,
 * styles, fonts, translations, API answers), in the release build (brotli at its best setting; the
 * quick test build's copies are about a tenth larger): issue #32's 150 KB. Measured here at 136.9 KB
 * (docs/web-app.md): nearly all of it MUI with emotion, i18next, TanStack Query and Preact in one
 * chunk, with the auth screens and one language's texts (docs/decisions.md has the breakdown).
 */
const FIRST_LOAD_BUDGET = 150 * 1024;

interface LoadedResource {
  name: string;
  /** Bytes of the body as sent (compressed), without headers. */
  encodedBodySize: number;
}

/** The size is what ships: the release build, though it takes some ten seconds longer. */
function describeReleaseBuild(name: string, suite: Parameters<typeof describeInBrowser>[1]): void {
  describeInBrowser(name, suite, {}, { releaseBuild: true });
}

describeReleaseBuild('the downloads of the web app', (e2e) => {
  it('a cold /sign-in: within its budget compressed in all, English only, no strength estimator; size and time recorded', async () => {
    const { server, browser } = e2e();
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${server.url}/sign-in`, { waitUntil: 'commit' });
    const email = page.getByLabel('E-mail or username');
    await email.waitFor();
    await expect.poll(() => email.isEnabled()).toBe(true);
    // Milliseconds from the navigation's start to a form one can type in.
    const usableAfter = await page.evaluate(() => performance.now());
    await page.waitForLoadState('networkidle');

    const resources = await page.evaluate((): LoadedResource[] =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((entry) => ({
        name: entry.name,
        encodedBodySize: (entry as PerformanceResourceTiming).encodedBodySize,
      })),
    );
    const total = resources.reduce((sum, resource) => sum + resource.encodedBodySize, 0);
    // The numbers docs/web-app.md quotes (timing is recorded, not asserted: the machine's load decides it).
    console.info(
      `first load of /sign-in: ${(total / 1024).toFixed(1)} KB compressed in ${resources.length} files, ` +
        `form usable after ${Math.round(usableAfter)} ms`,
    );
    const paths = resources.map((resource) => new URL(resource.name).pathname);
    // One language's texts (English's, the browser's), and not the estimator the sign-in never uses.
    const locales = paths.flatMap((path) => /\/assets\/locale-(\w+-\w+)-/.exec(path)?.[1] ?? []).sort();
    // The test server has a development outbox, whose link is in the header.
    expect(locales).toEqual(['en-auth', 'en-common', 'en-errors', 'en-outbox']);
    expect(paths.filter((path) => path.includes('password-estimator'))).toEqual([]);
    expect(total).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);

    // Another language's texts come with the switch to it, and the page shows them all at once.
    const scripts = recordScripts(page);
    await page.getByRole('button', { name: /Choose language/ }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { level: 1, name: germanAuth.signIn.title, exact: true }).waitFor();
    expect([...scripts.keys()].flatMap((url) => /\/assets\/locale-(\w+-\w+)-/.exec(url)?.[1] ?? []).sort()).toEqual([
      'de-auth',
      'de-common',
      'de-errors',
      'de-outbox',
    ]);
    await context.close();
  });

  it('the sign-in page loads no DataGrid; the account, organization and admin screens come on first visit', async () => {
    const { server, browser } = e2e();
    await signUpAdminByApi(server, 'Ada Admin');
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);

    const signIn = recordScripts(page);
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(signIn.size).toBeGreaterThan(0);
    for (const [url, body] of signIn) expect((await body).includes(DATA_GRID_MARKER), url).toBe(false);

    // Each screen after sign-in needs scripts the sign-in page did not load.
    const visits: [string, RegExp, string][] = [
      ['account', /\/account$/, 'Account'],
      ['organizations', /\/organizations$/, 'Organizations'],
      ['admin', /\/admin\/users$/, 'Users'],
    ];
    const seen = new Set(signIn.keys());
    const loaded: Record<string, string[]> = {};
    for (const [name, path, heading] of visits) {
      const scripts = recordScripts(page);
      if (name === 'account') await fillSignIn(page, ADMIN_EMAIL);
      else if (name === 'admin') await chooseFromUserMenu(page, 'Admin');
      else await page.getByRole('banner').getByRole('link', { name: 'Organizations' }).click();
      await page.waitForURL(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      loaded[name] = [...scripts.keys()].filter((url) => !seen.has(url));
      for (const url of scripts.keys()) seen.add(url);
      expect(loaded[name], name).not.toEqual([]);
      if (name === 'admin') expect((await bodies(scripts)).some((body) => body.includes(DATA_GRID_MARKER))).toBe(true);
    }
    await saveScreenshot(page, 'app-bundle-admin');
    await context.close();
  });

  it('serves the page, scripts and styles precompressed; hashed assets for a year, the page never cached', async () => {
    const { server, browser } = e2e();
    const context = await browser.newContext();
    const page = await context.newPage();
    const answers: Response[] = [];
    page.on('response', (response) => answers.push(response));
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();

    const acceptEncoding = (await answers[0]!.request().allHeaders())['accept-encoding'] ?? '';
    // Chromium offers brotli only over https and on localhost, and gzip everywhere.
    const expected = acceptEncoding.includes('br') ? 'br' : 'gzip';
    const document = answers.find((answer) => answer.request().resourceType() === 'document')!;
    expect(document.headers()['content-encoding']).toBe(expected);
    expect(document.headers()['cache-control']).toBe('no-cache');
    const assets = answers.filter((answer) => ['script', 'stylesheet'].includes(answer.request().resourceType()));
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) {
      const headers = await asset.allHeaders();
      expect(headers['content-encoding'], asset.url()).toBe(expected);
      expect(headers['vary'], asset.url()).toBe('Accept-Encoding');
      expect(headers['cache-control'], asset.url()).toBe('public, max-age=31536000, immutable');
    }
    await context.close();
  });
});
