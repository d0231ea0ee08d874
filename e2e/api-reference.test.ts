/**
 * GET /api/auth/reference in Chromium: one page rendered by the server from the auth's OpenAPI
 * document, every operation on it, with no script. Nothing is fetched from outside 127.0.0.1,
 * nothing breaks the page's strict CSP (no script at all, no inline style), the console stays
 * clean, axe-core finds nothing in light or dark at either width, and the keyboard reaches every
 * operation through the contents.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createAuth, type Auth } from '@latchkey/server';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serverPlugins } from '../apps/server/src/plugins';
import { axeViolations } from './support/axe';
import { COLOR_SCHEMES, launchBrowser, OUTPUT_DIR, SCREENSHOT_VIEWPORTS } from './support/browser';

type Json = Record<string, any>;

describe.skipIf(!inject('chromium'))('the API reference page', { timeout: 120_000 }, () => {
  let server: Server;
  let auth: Auth;
  let browser: Browser;
  let url: string;
  let operations: { id: string; method: string; path: string; summary: string }[];

  beforeAll(async () => {
    server = createServer((request, response) => void auth.nodeHandler(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    auth = createAuth({
      baseURL: url,
      secret: 'api-reference-e2e-secret-0123456789abcdef',
      database: { url: 'sqlite::memory:' },
      // The standalone server's plugins, security notices among them (whose route once stopped
      // Swagger UI after the tenth operation).
      plugins: serverPlugins({ adminEmails: [] }),
    });
    await auth.migrate();
    const document = (await (await fetch(`${url}/api/auth/openapi.json`)).json()) as Json;
    operations = Object.entries(document.paths as Json).flatMap(([path, item]) =>
      Object.entries(item as Json).map(([method, operation]) => ({
        id: operation.operationId as string,
        method,
        path,
        summary: operation.summary as string,
      })),
    );
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await auth?.close();
  });

  it('renders every operation with its summary and answers, within its CSP, with no request leaving 127.0.0.1', async () => {
    expect(operations.map(({ path }) => path)).toContain('/security-notice/not-me');
    expect(operations.length).toBeGreaterThan(100);
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
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(await page.locator('script').count()).toBe(0);
    // The style sheet applied: the layout is the page's own, not the browser's default.
    expect(
      await page
        .locator('.operation')
        .first()
        .evaluate((element) => getComputedStyle(element).borderTopStyle),
    ).toBe('solid');

    // Every operation, under its own heading and anchor, with its summary.
    const rendered = await page.locator('main section.operation[id^="operation-"]').evaluateAll((sections) =>
      sections.map((section) => ({
        id: section.id,
        heading: section.querySelector('h3')?.textContent?.replace(/\s+/g, ' ').trim(),
        summary: section.querySelector('.summary')?.textContent,
      })),
    );
    expect(rendered).toHaveLength(operations.length);
    expect(rendered).toEqual(
      operations.map(({ id, method, path, summary }) => ({
        id: `operation-${id}`,
        heading: `${method.toUpperCase()} ${path}`,
        summary,
      })),
    );
    // An operation shows its body's fields, its answers' schema and its error codes with messages.
    const signIn = page.locator('#operation-signInEmail');
    await expect
      .poll(() => signIn.locator('.field-name').allTextContents())
      .toEqual(expect.arrayContaining(['email', 'password', 'callbackURL', 'emailVerified']));
    expect(await signIn.textContent()).toContain('INVALID_EMAIL_OR_PASSWORD Invalid email or password');
    expect(await signIn.textContent()).toContain('application/x-www-form-urlencoded');
    // The shared schemas are linked, and there.
    expect(await page.locator('#schema-Error').count()).toBe(1);

    expect(outside).toEqual([]);
    expect(failed).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it(
    'passes axe-core in light and dark, at 1280 and 375 px, and fits the narrow width',
    { timeout: 300_000 },
    async () => {
      // axe is injected as a script, which the page's CSP (rightly) refuses.
      const context = await browser.newContext({ bypassCSP: true });
      const page = await context.newPage();
      await page.goto(`${url}/api/auth/reference`);
      mkdirSync(OUTPUT_DIR, { recursive: true });
      // The whole page once: every operation's structure (ids, headings, lists, tables, names).
      await page.setViewportSize(SCREENSHOT_VIEWPORTS[0]);
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await axeViolations(page)).toEqual([]);
      // Then each width and scheme over a part that holds every kind of block the page has (axe
      // over all of it takes a minute a run): the same style sheet styles every operation alike.
      await page.evaluate(() => {
        const kept = new Set([
          'operation-signInEmail',
          'operation-listUsers',
          'operation-callbackOAuth',
          'operation-getSession',
        ]);
        for (const section of document.querySelectorAll('main section.operation[id^="operation-"]')) {
          if (!kept.has(section.id)) section.remove();
        }
      });
      for (const viewport of SCREENSHOT_VIEWPORTS) {
        await page.setViewportSize(viewport);
        for (const colorScheme of COLOR_SCHEMES) {
          await page.emulateMedia({ colorScheme });
          await page.evaluate(() => window.scrollTo(0, 0));
          expect({ viewport, colorScheme, violations: await axeViolations(page) }).toEqual({
            viewport,
            colorScheme,
            violations: [],
          });
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
          await page.screenshot({ path: join(OUTPUT_DIR, `api-reference-${viewport.width}-${colorScheme}.png`) });
          await page.locator('#operation-signInEmail').evaluate((element) => element.scrollIntoView());
          await page.screenshot({
            path: join(OUTPUT_DIR, `api-reference-operation-${viewport.width}-${colorScheme}.png`),
          });
        }
      }
      await context.close();
    },
  );

  it('reaches the operations by keyboard: a skip link, then the contents, each link landing on its operation', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${url}/api/auth/reference`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the operations');
    // Tab on to the contents' link of sign-in/email and follow it with Enter.
    let label = '';
    for (let step = 0; step < 60 && label !== 'POST /sign-in/email'; step++) {
      await page.keyboard.press('Tab');
      label = await page.evaluate(() => document.activeElement?.textContent?.replace(/\s+/g, ' ').trim() ?? '');
    }
    expect(label).toBe('POST /sign-in/email');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#operation-signInEmail');
    expect(await page.locator('#operation-signInEmail h3').isVisible()).toBe(true);
    await context.close();
  });

  it('serves the page and its files compressed, the files with a year of caching under names that change with their content', async () => {
    const answer = await fetch(`${url}/api/auth/reference`, { headers: { 'accept-encoding': 'br' } });
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(answer.headers.get('vary')).toBe('Accept-Encoding');
    const page = await answer.text();
    const files = [...page.matchAll(/<link[^>]+href="([^"]+)"/g)].map((match) => match[1]!);
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(file).toMatch(/^\/api\/auth\/reference\/[\w-]+\.[0-9a-f]{12}\.(css|svg)$/);
      const sent = await fetch(`${url}${file}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(sent.status).toBe(200);
      expect(sent.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(sent.headers.get('content-encoding')).toBe('br');
    }
    expect((await fetch(`${url}/api/auth/reference/nothing.js`)).status).toBe(404);
  });
});
