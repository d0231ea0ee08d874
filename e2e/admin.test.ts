/**
 * The admin console in Chromium against the standalone server: the listed admin signs in, lists
 * and searches users, creates one and bans them with a reason — whose next sign-in, in another
 * browser, shows the banned message — then impersonates another user under the banner and stops,
 * back on that user's page. Ban and impersonation each wait for a confirmation. At phone width the
 * user's sessions are cards with Revoke in view.
 */
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ADMIN_EMAIL } from './support/app-server';
import { saveScreenshot } from './support/browser';
import { describeInBrowser } from './support/suite';
import { PASSWORD, chooseFromUserMenu, fillSignIn, signUpAdminByApi, signUpByApi } from './support/users';

async function signIn(browser: Browser, url: string, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  // A missing element fails the step that looked for it, well within the test's own limit.
  page.setDefaultTimeout(10_000);
  await page.goto(`${url}/sign-in`);
  await fillSignIn(page, email);
  return page;
}

async function searchAndOpen(page: Page, text: string, operator: string, name: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await page.getByRole('combobox', { name: 'Match' }).click();
  await page.getByRole('option', { name: operator }).click();
  await expect.poll(() => page.getByTestId('users-total').textContent()).toBe('Total: 1');
  await page.getByRole('gridcell', { name }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

describeInBrowser('the admin console', (e2e) => {
  it('lists, searches, bans (the banned sign-in says so), impersonates and stops', async () => {
    const { server, browser } = e2e();
    const adaId = await signUpAdminByApi(server, 'Ada Admin');
    await signUpByApi(server.url, 'iris@example.com', 'Iris Impersonated');
    await signUpByApi(server.url, 'someone@example.org', 'Some One');

    const admin = await signIn(browser, server.url, ADMIN_EMAIL);
    await admin.waitForURL(/\/account/);
    await chooseFromUserMenu(admin, 'Admin');
    await admin.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await expect.poll(() => admin.getByTestId('users-total').textContent()).toBe('Total: 3');

    // A user created from the console, to be banned.
    await admin.getByRole('link', { name: 'Create user' }).click();
    await admin.getByRole('textbox', { name: 'E-mail' }).fill('bob.banned@example.com');
    await admin.getByRole('textbox', { name: 'Name' }).fill('Bob Banned');
    await admin.getByLabel(/^Password/).fill(PASSWORD);
    await admin.getByRole('button', { name: 'Create user' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Bob Banned' }).waitFor();
    // The standalone server lets an admin see a user's organizations (none yet for a new user).
    await admin.getByRole('region', { name: 'Organizations' }).getByText('Not a member of any organization.').waitFor();
    await admin.getByRole('link', { name: 'Back to users' }).click();
    await expect.poll(() => admin.getByTestId('users-total').textContent()).toBe('Total: 4');
    await saveScreenshot(admin, 'admin-users');

    await searchAndOpen(admin, 'bob', 'Starts with', 'Bob Banned');
    const ban = admin.getByRole('region', { name: 'Ban' });
    await ban.getByRole('textbox', { name: 'Reason' }).fill('Posting spam');
    await ban.getByRole('combobox', { name: 'Duration' }).click();
    await admin.getByRole('option', { name: '7 days' }).click();
    await ban.getByRole('button', { name: 'Ban user' }).click();
    const confirmBan = admin.getByRole('dialog', { name: 'Ban this user?' });
    await saveScreenshot(admin, 'admin-ban-confirm');
    await confirmBan.getByRole('button', { name: 'Ban' }).click();
    await ban.getByText('Reason: Posting spam').waitFor();
    await saveScreenshot(admin, 'admin-user-banned');

    const bob = await signIn(browser, server.url, 'bob.banned@example.com');
    const refusal = bob.locator('[data-code="BANNED_USER"]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('You have been banned from this application');
    await saveScreenshot(bob, 'admin-banned-sign-in');
    await bob.context().close();

    await admin.getByRole('link', { name: 'Back to users' }).click();
    await searchAndOpen(admin, 'iris@', 'Starts with', 'Iris Impersonated');
    await admin.getByRole('button', { name: 'Impersonate' }).click();
    await admin
      .getByRole('dialog', { name: 'Impersonate this user?' })
      .getByRole('button', { name: 'Impersonate' })
      .click();
    await admin.waitForURL(/\/account$/);
    const banner = admin.getByRole('region', { name: 'Impersonation' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain('You are signed in as Iris Impersonated (iris@example.com)');
    await admin.getByTestId('user-menu').click();
    expect(await admin.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);
    await admin.keyboard.press('Escape');
    await saveScreenshot(admin, 'admin-impersonating');

    // Back on the page of the user the admin was acting as.
    await banner.getByRole('button', { name: 'Stop impersonating' }).click();
    await admin.waitForURL(/\/admin\/users\/[^/]+$/);
    await admin.getByRole('heading', { level: 1, name: 'Iris Impersonated' }).waitFor();
    expect(await admin.getByRole('region', { name: 'Impersonation' }).count()).toBe(0);
    await saveScreenshot(admin, 'admin-stopped-impersonating');
    // Back on the list as it was left: the search for Iris is kept in the address.
    await admin.getByRole('link', { name: 'Back to users' }).click();
    await expect.poll(() => admin.getByTestId('users-total').textContent()).toBe('Total: 1');
    expect(await admin.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('iris@');

    // At phone width the search bar stacks and the grid scrolls sideways inside its frame.
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.getByRole('searchbox', { name: 'Search' }).fill('example.com');
    await admin.getByRole('combobox', { name: 'Match' }).click();
    await admin.getByRole('option', { name: 'Contains' }).click();
    // The search waits 300 ms for typing to stop, then the server answers and the grid re-lays out
    // at the new width: measured at 850 ms here, too close to the poll's default second under load.
    await expect.poll(() => admin.getByTestId('users-total').textContent(), { timeout: 5_000 }).toBe('Total: 3');
    await saveScreenshot(admin, 'admin-users-phone');

    // At 375 px the sessions table becomes cards: each device reads as on the account page and
    // its Revoke button is inside the screen, not beyond a sideways scroll.
    await admin.setViewportSize({ width: 375, height: 812 });
    await admin.goto(`${server.url}/admin/users/${adaId}`);
    const sessions = admin.getByRole('region', { name: 'Sessions' });
    await sessions
      .getByText(/^Chrome \d+ on Linux$/)
      .first()
      .waitFor();
    expect(await sessions.getByText(/Mozilla/).count()).toBe(0);
    const revoke = sessions.getByRole('button', { name: 'Revoke', exact: true }).first();
    await revoke.waitFor();
    const box = (await revoke.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(admin, 'admin-user-sessions-phone');
    await admin.context().close();
  }, 120_000);
});

describeInBrowser('the admin console: applications', (e2e) => {
  it('creates an application, shows its secret once, and lists it', async () => {
    const { server, browser } = e2e();
    await signUpAdminByApi(server, 'Ada Admin');
    const admin = await signIn(browser, server.url, ADMIN_EMAIL);
    await admin.waitForURL(/\/account/);
    await chooseFromUserMenu(admin, 'Admin');
    await admin
      .getByRole('navigation', { name: 'Admin console sections' })
      .getByRole('link', { name: 'Applications' })
      .click();
    await admin.getByRole('heading', { level: 1, name: 'Applications' }).waitFor();
    await admin.getByText('No applications yet. Add one with “New application”.').waitFor();

    await admin.getByRole('link', { name: 'New application' }).click();
    await admin.getByRole('textbox', { name: 'Name', exact: true }).fill('Billing Portal');
    await admin
      .getByRole('textbox', { name: 'Redirect URIs', exact: true })
      .fill('https://billing.example.com/callback');
    await admin.getByRole('checkbox', { name: 'Skip the consent screen' }).check();
    await saveScreenshot(admin, 'admin-application-new');
    await admin.getByRole('button', { name: 'Create application' }).click();

    const dialog = admin.getByRole('dialog', { name: 'Client secret' });
    await dialog.getByText(/shown only this once/).waitFor();
    const secret = (await dialog.getByTestId('client-secret').textContent()) ?? '';
    const clientId = (await dialog.getByTestId('client-id').textContent()) ?? '';
    expect(secret.length).toBeGreaterThan(20);
    await saveScreenshot(admin, 'admin-application-secret');
    await dialog.getByRole('button', { name: 'I have saved the secret' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Billing Portal' }).waitFor();
    expect(await admin.locator('body').textContent()).not.toContain(secret);

    await admin.getByRole('link', { name: 'All applications' }).click();
    const row = admin.getByRole('row').filter({ hasText: 'Billing Portal' });
    await row.waitFor();
    expect(await row.textContent()).toContain(clientId);
    expect(await row.textContent()).toContain(ADMIN_EMAIL);
    expect(await admin.locator('body').textContent()).not.toContain(secret);
    await saveScreenshot(admin, 'admin-applications');
    await admin.context().close();
  }, 120_000);
});
