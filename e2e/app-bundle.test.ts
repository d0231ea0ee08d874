/**
 * What the browser downloads: the sign-in page loads neither the admin console with its DataGrid
 * nor the organization and account screens (each comes as its own chunk on first visit), and the
 * app's files arrive precompressed with a cache policy that fits them.
 */
import type { Page, Response } from 'playwright-core';
import { expect, it } from 'vitest';
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

describeInBrowser('the downloads of the web app', (e2e) => {
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
