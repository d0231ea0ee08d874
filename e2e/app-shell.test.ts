/**
 * The app's frame in Chromium: the color scheme follows the system until one is chosen; the
 * language follows the browser until one is chosen; the focus ring is visible (at least 3:1
 * against what surrounds it) on header items and filled buttons in both schemes; a picture is
 * uploaded, made small in the browser and saved; in Russian at 375 px the header keeps to one row
 * and the outbox count covers no letter.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { OUTPUT_DIR, saveScreenshot } from './support/browser';
import { describeInBrowser } from './support/suite';
import { PASSWORD, fillSignIn, signUpByApi, uniqueEmail } from './support/users';

async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext(options);
  return context.newPage();
}

async function signIn(page: Page, url: string, email: string): Promise<void> {
  await page.goto(`${url}/sign-in`);
  await fillSignIn(page, email, PASSWORD);
  await page.waitForURL(`${url}/account`);
}

/** The focused element's outline, and its contrast with the first opaque background behind it. */
function focusRing(page: Page) {
  return page.evaluate(() => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const [R, G, B] = [r, g, b].map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
    };
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    // The ring sits outside the element, so what it is seen against is the parent's background.
    let behind: Element | null = element.parentElement;
    let background = 'rgb(255, 255, 255)';
    while (behind) {
      const color = getComputedStyle(behind).backgroundColor;
      const alpha = rgb(color)[3];
      if (color !== 'transparent' && alpha !== 0) {
        background = color;
        break;
      }
      behind = behind.parentElement;
    }
    const [a, b] = [luminance(rgb(style.outlineColor)), luminance(rgb(background))];
    return {
      text: element.textContent,
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
    };
  });
}

/** Presses Tab until the focus is on an element matching the selector. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let presses = 0; presses < 30; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

describeInBrowser('the app frame', (e2e) => {
  it('dark mode follows the system until the header choice, which is remembered', async () => {
    const { server, browser } = e2e();
    const page = await newPage(browser, { colorScheme: 'dark' });
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe('rgb(18, 18, 18)');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(background).toBe('rgb(250, 250, 250)');

    await page.getByRole('button', { name: 'Color scheme: System' }).click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(background).toBe('rgb(18, 18, 18)');
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await background()).toBe('rgb(18, 18, 18)');
    expect(await page.evaluate(() => localStorage.getItem('latchkey.colorScheme'))).toBe('dark');
    await page.context().close();
  });

  it('follows the browser language on first visit, and a choice overrides it', async () => {
    const { server, browser } = e2e();
    const page = await newPage(browser, { locale: 'uk-UA' });
    await page.goto(`${server.url}/sign-in`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('uk');
    expect(await page.evaluate(() => localStorage.getItem('latchkey.language'))).toBeNull();
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.context().close();
  });

  it('the focus ring shows on the skip link, header items and filled buttons in both schemes', async () => {
    const { server, browser } = e2e();
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await newPage(browser, { colorScheme });
      // The skip link comes first in the tab order (on a page without an autofocused field), on
      // screen once focused; Enter moves the focus to the page's content.
      await page.goto(`${server.url}/no/such/page`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
      expect((await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0);
      const skipRing = await focusRing(page);
      expect(skipRing.contrast).toBeGreaterThanOrEqual(3);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');

      await page.goto(`${server.url}/sign-in`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      for (const selector of ['header [data-testid="language-menu"]', 'main button[type="submit"]']) {
        await tabTo(page, selector);
        const ring = await focusRing(page);
        expect({ colorScheme, selector, style: ring.style, wide: ring.width >= 2 }).toEqual({
          colorScheme,
          selector,
          style: 'solid',
          wide: true,
        });
        expect(ring.contrast, `${colorScheme} ${selector}`).toBeGreaterThanOrEqual(3);
      }
      await saveScreenshot(page, `shell-focus-ring-${colorScheme}`);
      await page.context().close();
    }
  });

  it('a picture file is made a small data URL in the browser and saved as the avatar', async () => {
    const { server, browser } = e2e();
    const email = uniqueEmail('picture');
    await signUpByApi(server.url, email, 'Paula Picture');
    const page = await newPage(browser);
    await signIn(page, server.url, email);
    // A noisy 800×600 photo-like PNG, far above the limit as it is.
    const png = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 800;
      canvas.height = 600;
      const context = canvas.getContext('2d')!;
      for (let i = 0; i < 4000; i++) {
        context.fillStyle = `hsl(${(i * 37) % 360} 70% ${30 + (i % 50)}%)`;
        context.fillRect((i * 53) % 800, (i * 29) % 600, 24, 24);
      }
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    const file = join(OUTPUT_DIR, 'shell-upload-source.png');
    writeFileSync(file, Buffer.from(png, 'base64'));
    expect(Buffer.from(png, 'base64').length).toBeGreaterThan(10_000);
    await page.getByTestId('picture-file').setInputFiles(file);
    await page.getByText('Picture ready: save the profile to keep it.').waitFor();
    // An uploaded picture is named, not spelled out as a data: URL in the URL field (#32 item 8).
    await page.getByText('Uploaded picture').waitFor();
    expect(await page.getByLabel('Picture URL').count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toBe('Saved');

    const session = (await (await page.request.get(`${server.url}/api/auth/get-session`)).json()) as {
      user: { image: string };
    };
    const value = session.user.image;
    expect(value).toMatch(/^data:image\/(webp|jpeg);base64,/);
    expect(value.length).toBeLessThanOrEqual(2048);
    // The header's avatar shows it.
    await expect.poll(() => page.getByTestId('user-menu').locator('img').getAttribute('src')).toBe(value);
    await saveScreenshot(page, 'shell-picture-uploaded');
    await page.context().close();
  });

  it('in Russian at 375 px the signed-in header is one row and the outbox count covers no letter', async () => {
    const { server, browser } = e2e();
    const email = uniqueEmail('russian');
    await signUpByApi(server.url, email, 'Ruslan Russkiy');
    const page = await newPage(browser, { viewport: { width: 375, height: 812 }, locale: 'ru-RU' });
    await page.goto(`${server.url}/sign-in`);
    await page
      .getByLabel(/Эл\. почта|имя пользователя/i)
      .first()
      .fill(email);
    await page.getByLabel(/^Пароль/).fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/account`);
    const created = await page.request.post(`${server.url}/api/auth/organization/create`, {
      headers: { origin: server.url },
      data: { name: 'Организация с длинным названием', slug: `org-${Date.now().toString(36)}` },
    });
    expect(created.status()).toBe(200);
    await page.reload();
    await page.getByTestId('organization-switcher').waitFor();
    await page.getByTestId('user-menu').waitFor();
    const header = await page.getByRole('banner').boundingBox();
    // One toolbar row: 56 px at phone width (two rows were 112, three 150).
    expect(header!.height).toBeLessThanOrEqual(64);
    await saveScreenshot(page, 'shell-header-russian');

    await page.setViewportSize({ width: 1280, height: 800 });
    const word = await page.getByTestId('outbox-word').boundingBox();
    const count = await page.getByTestId('outbox-count').locator('.MuiBadge-badge').boundingBox();
    expect(count!.x).toBeGreaterThanOrEqual(word!.x + word!.width);
    await page.context().close();
  });
});
