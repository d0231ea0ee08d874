/**
 * The built app is served by the standalone server at `/`: a deep link loads the app (the
 * server falls back to index.html), the page carries its security headers, no request leaves
 * localhost (fonts and everything else are bundled), and nothing is blocked by the CSP.
 */
import { expect, it } from 'vitest';
import { saveScreenshot } from './support/browser';
import { describeInBrowser } from './support/suite';

describeInBrowser('the web app served by the standalone server', (e2e) => {
  it('a deep link loads the app, with bundled assets only', async () => {
    const { server, browser } = e2e();
    const context = await browser.newContext();
    const page = await context.newPage();
    const outside: string[] = [];
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(server.url) && !request.url().startsWith('data:')) outside.push(request.url());
    });
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.getByRole('heading', { level: 1 }).waitFor();
    await saveScreenshot(page, 'smoke-deep-link');
    await page.evaluate(() => document.fonts.ready);
    expect(outside).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
