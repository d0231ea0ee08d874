/**
 * The account screens in Chromium against the standalone server: a user signs in through the
 * sign-in page, changes the password with "sign out other devices" (another device's session
 * ends), signs out and back in with the new password; the sessions page names each device and
 * marks this one; at phone width the section list wraps above the section.
 */
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { cookieFetch, type CookieFetch } from '../test/cookie-fetch';
import { saveScreenshot } from './support/browser';
import { describeInBrowser } from './support/suite';
import { PASSWORD, chooseFromUserMenu, fillSignIn, signUpByApi, uniqueEmail } from './support/users';

const NEW_PASSWORD = 'staple battery horse';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** Another device, signed in: a browser of its own that keeps its cookies. */
async function signInElsewhere(url: string, email: string): Promise<CookieFetch> {
  const device = cookieFetch(url);
  const response = await device.postJson(
    `${url}/api/auth/sign-in/email`,
    { email, password: PASSWORD },
    { 'user-agent': FIREFOX_WINDOWS },
  );
  expect(response.status).toBe(200);
  return device;
}

async function isSignedIn(url: string, device: CookieFetch): Promise<boolean> {
  const response = await device.fetch(`${url}/api/auth/get-session?disableCookieCache=true`);
  return (await response.json()) !== null;
}

async function signInWithPage(
  page: Page,
  url: string,
  email: string,
  password: string,
  returnTo: string,
): Promise<void> {
  await page.goto(`${url}/sign-in?redirectTo=${encodeURIComponent(returnTo)}`);
  await fillSignIn(page, email, password);
  await page.waitForURL((target) => target.pathname === returnTo);
}

async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  return { context, page: await context.newPage() };
}

describeInBrowser('the account screens', (e2e) => {
  it('changes the password signing out other devices, then signs in with the new password', async () => {
    const { server, browser } = e2e();
    const email = uniqueEmail('account');
    await signUpByApi(server.url, email, 'Ada Lovelace');
    const otherDevice = await signInElsewhere(server.url, email);
    // Signed in before, so the check after the change cannot pass on a device that never was.
    expect(await isSignedIn(server.url, otherDevice)).toBe(true);
    const { context, page } = await newPage(browser);

    await signInWithPage(page, server.url, email, PASSWORD, '/account/password');
    await page.getByRole('heading', { level: 2, name: 'Change password' }).waitFor();
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: false }).first().fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('checkbox', { name: 'Sign out other devices' }).check();
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => page.getByTestId('toast').textContent())
      .toBe('Your password was changed and your other devices were signed out.');
    expect(await isSignedIn(server.url, otherDevice)).toBe(false);

    await chooseFromUserMenu(page, 'Sign out');
    await page.waitForURL((target) => target.pathname === '/sign-in');
    await signInWithPage(page, server.url, email, NEW_PASSWORD, '/account');
    await page.getByRole('heading', { level: 2, name: 'Profile' }).waitFor();
    expect(await page.getByTestId('account-email').textContent()).toBe(email);
    expect(await page.title()).toBe('Profile · Account · Latchkey');
    await saveScreenshot(page, 'account-signed-in-with-new-password');
    await context.close();
  });

  it('the sessions page names each device and marks this one', async () => {
    const { server, browser } = e2e();
    const email = uniqueEmail('account');
    await signUpByApi(server.url, email, 'Grace Hopper');
    const laptop = await newPage(browser, { userAgent: FIREFOX_WINDOWS });
    await signInWithPage(laptop.page, server.url, email, PASSWORD, '/account');
    const { context, page } = await newPage(browser);
    await signInWithPage(page, server.url, email, PASSWORD, '/account/sessions');

    const rows = page.getByTestId('session-row');
    // Sign-up signed in too (from Node), then the laptop, then this browser.
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.first().textContent()).toContain('This device');
    expect(await rows.filter({ hasText: 'This device' }).count()).toBe(1);
    expect(await rows.filter({ hasText: 'Firefox 128 on Windows' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Sign out all other devices' }).isEnabled()).toBe(true);
    await saveScreenshot(page, 'account-sessions');
    await laptop.context.close();
    await context.close();
  });

  it('deleting the account with e-mail confirmation: the mailed link deletes it', async () => {
    const { server, browser } = e2e();
    const email = uniqueEmail('account');
    await signUpByApi(server.url, email, 'Alan Turing');
    const { context, page } = await newPage(browser);
    await signInWithPage(page, server.url, email, PASSWORD, '/account/delete');
    await page.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel(/Password/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toContain(`we sent a confirmation link to ${email}`);

    // The standalone server with the development outbox mails the confirmation (DELETE_ACCOUNT_VERIFICATION on).
    const mail = (await server.outbox()).find(
      (m) => m.to === email && m.links.some((link) => link.includes('/delete-user/callback')),
    );
    const link = mail?.links.find((l) => l.includes('/delete-user/callback'));
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.waitForURL((target) => target.pathname === '/account-deleted');
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Your account and everything linked to it have been deleted.');
    const again = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(again.status).toBe(401);
    await saveScreenshot(page, 'account-deleted-by-mailed-link');
    await context.close();
  });

  it('at phone width the section list wraps above the section', async () => {
    const { server, browser } = e2e();
    const email = uniqueEmail('account');
    await signUpByApi(server.url, email, 'Katherine Johnson');
    const { context, page } = await newPage(browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await signInWithPage(page, server.url, email, PASSWORD, '/account/sessions');
    await page.getByTestId('session-row').first().waitFor();
    const nav = page.getByRole('navigation', { name: 'Account sections' });
    const box = await nav.boundingBox();
    expect(box && box.width <= 390).toBe(true);
    await saveScreenshot(page, 'account-sessions-phone');
    // Nothing wider than the screen but the table, which scrolls inside its own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
