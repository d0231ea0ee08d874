/**
 * Switching language in the browser: the header's menu lists the eight languages by their own
 * names; choosing one translates the page, sets `<html lang>`, is remembered across a reload by
 * the SPEC's language id, and MUI's own texts follow (its locale is part of the theme).
 */
import { expect, it } from 'vitest';
import { saveScreenshot } from './support/browser';
import { describeInBrowser } from './support/suite';

describeInBrowser('switching language', (e2e) => {
  it('German (id 6) translates the page, survives a reload, and back to English', async () => {
    const { server, browser } = e2e();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/no/such/page`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');

    await page.getByRole('button', { name: 'Choose language' }).click();
    const names = await page.getByRole('menuitem').allTextContents();
    expect(names).toEqual(['English', 'Русский', 'Українська', 'Español', 'Deutsch', 'Polski', 'Français', 'Türkçe']);
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();

    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).not.toBe('Page not found');
    const german = await heading.textContent();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.evaluate(() => localStorage.getItem('latchkey.language'))).toBe('6');

    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(german);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await saveScreenshot(page, 'language-german');

    await page.getByRole('button', { name: /sprache/i }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await context.close();
  });
});
