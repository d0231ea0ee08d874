/**
 * GET /api/auth/reference in Chromium: Swagger UI renders the auth's OpenAPI document from files
 * the server holds itself. Nothing is fetched from outside 127.0.0.1, nothing breaks the page's
 * strict CSP (no inline script or style, images from the server only), and the console stays clean.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuth, type Auth } from '@latchkey/server';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serverPlugins } from '../apps/server/src/plugins';
import { launchBrowser, saveScreenshot } from './support/browser';

describe.skipIf(!inject('chromium'))('the API reference page', { timeout: 90_000 }, () => {
  let server: Server;
  let auth: Auth;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    server = createServer((request, response) => void auth.nodeHandler(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    auth = createAuth({
      baseURL: url,
      secret: 'api-reference-e2e-secret-0123456789abcdef',
      database: { url: 'sqlite::memory:' },
      plugins: serverPlugins({ adminEmails: [] }),
    });
    await auth.migrate();
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await auth?.close();
  });

  it('renders every route from bundled files, within its CSP, with no request leaving 127.0.0.1', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const outside: string[] = [];
    const consoleErrors: string[] = [];
    const failed: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    page.on('request', (request) => {
      if (!request.url().startsWith(`${url}/`)) outside.push(request.url());
    });
    page.on('requestfailed', (request) => failed.push(request.url()));
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    // A violation the console might word differently is still an event in the page.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });

    const response = await page.goto(`${url}/api/auth/reference`);
    expect(response?.status()).toBe(200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');

    await page.getByText('/sign-in/email', { exact: true }).first().waitFor();
    await page.getByText('/admin/list-users', { exact: true }).first().waitFor();
    // Opening an operation renders its body schema and error answers.
    await page.getByText('/sign-in/email', { exact: true }).first().click();
    await page.getByText('INVALID_EMAIL_OR_PASSWORD').first().waitFor();
    await saveScreenshot(page, 'api-reference');

    expect(outside).toEqual([]);
    expect(failed).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('serves its files compressed, with a year of caching under names that change with their content', async () => {
    const page = await (await fetch(`${url}/api/auth/reference`)).text();
    const files = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(files.length).toBe(5);
    for (const file of files) {
      expect(file).toMatch(/^\/api\/auth\/reference\/[\w-]+\.[0-9a-f]{12}\.(js|css|png)$/);
      const answer = await fetch(`${url}${file}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // Text comes compressed, the icon (a PNG) as it is.
      expect(answer.headers.get('content-encoding')).toBe(file.endsWith('.png') ? null : 'br');
    }
    expect((await fetch(`${url}/api/auth/reference/nothing.js`)).status).toBe(404);
  });
});
