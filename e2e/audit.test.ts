/**
 * The audit log in Chromium against the standalone server: another user's failed sign-in shows in
 * the admin's audit log screen (translated, marked failed, the device named from its User-Agent),
 * the event filter narrows the log on the server, the user's page lists their latest events and
 * links to the log filtered by them, and the user sees their own sign-in under recent activity.
 */
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ADMIN_EMAIL } from './support/app-server';
import { saveScreenshot } from './support/browser';
import { describeInBrowser } from './support/suite';
import { chooseFromUserMenu, fillSignIn, signUpAdminByApi, signUpByApi } from './support/users';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

async function signIn(browser: Browser, url: string, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(`${url}/sign-in`);
  await fillSignIn(page, email);
  await page.waitForURL(/\/account/);
  return page;
}

/** Audit writes never hold up the request they describe: wait until the log has the event. */
async function logged(page: Page, url: string, query: string, match: (event: Record<string, unknown>) => boolean) {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${url}/api/auth/admin/list-audit-events?${query}`);
        const body = (await response.json()) as { events?: Record<string, unknown>[] };
        return (body.events ?? []).some(match);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
}

describeInBrowser('the audit log', (e2e) => {
  it("shows the admin another user's failed sign-in, filters by event, and lists it on the user's page", async () => {
    const { server, browser } = e2e();
    const { url } = server;
    await signUpAdminByApi(server, 'Ada Admin');
    const carlId = await signUpByApi(url, 'carl@example.com', 'Carl Careless');
    // Carl (or someone) tries a wrong password from a Firefox on Windows.
    const failed = await fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, 'user-agent': FIREFOX_WINDOWS },
      body: JSON.stringify({ email: 'carl@example.com', password: 'not the password at all' }),
    });
    expect(failed.status).toBe(401);

    const admin = await signIn(browser, url, ADMIN_EMAIL);
    await logged(admin, url, `userId=${carlId}`, (event) => event.type === 'sign-in' && event.outcome === 'failure');

    await chooseFromUserMenu(admin, 'Admin');
    await admin
      .getByRole('navigation', { name: 'Admin console sections' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await admin.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const grid = admin.getByRole('grid', { name: 'Audit events' });
    const carlFailure = grid
      .getByRole('row')
      .filter({ has: admin.getByRole('link', { name: 'carl@example.com' }) })
      .filter({ hasText: 'Failed' });
    await carlFailure.first().waitFor();
    const text = await carlFailure.first().textContent();
    expect(text).toContain('Sign-in');
    expect(text).toContain('Firefox 128 on Windows');
    await saveScreenshot(admin, 'audit-log');

    // Only sign-ups: the admin's and Carl's, on the server.
    await admin.getByRole('combobox', { name: 'Event' }).click();
    await admin.getByRole('option', { name: 'Sign-up', exact: true }).click();
    await expect.poll(() => admin.getByTestId('audit-total').textContent()).toBe('Total: 2');
    await expect.poll(() => grid.getByRole('row').filter({ hasText: 'Sign-up' }).count()).toBe(2);
    expect(await grid.getByRole('row').filter({ hasText: 'Failed' }).count()).toBe(0);
    expect(admin.url()).toContain('type=sign-up');

    // Only sign-ins: Carl's failure is there again.
    await admin.getByRole('combobox', { name: 'Event' }).click();
    await admin.getByRole('option', { name: 'Sign-in', exact: true }).click();
    await carlFailure.first().waitFor();
    await expect.poll(() => grid.getByRole('row').filter({ hasText: 'Sign-up' }).count()).toBe(0);
    await saveScreenshot(admin, 'audit-log-filtered');

    // Carl's page lists his latest events, the failure among them, and links to the whole log.
    await carlFailure.first().getByRole('link', { name: 'carl@example.com' }).first().click();
    await admin.getByRole('heading', { level: 1, name: 'Carl Careless' }).waitFor();
    const events = admin.getByRole('region', { name: 'Audit log' }).getByRole('table', { name: 'Latest events' });
    await events.getByRole('row').filter({ hasText: 'Sign-in' }).filter({ hasText: 'Failed' }).first().waitFor();
    expect(await events.getByRole('row').filter({ hasText: 'Sign-up' }).count()).toBe(1);
    await saveScreenshot(admin, 'audit-user-events');
    await admin.getByRole('link', { name: 'Show all in the audit log' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    expect(admin.url()).toContain(`userId=${carlId}`);
    // The filter names Carl by e-mail once the server has said who the id is.
    await expect
      .poll(() => admin.getByRole('combobox', { name: 'User (e-mail)' }).inputValue())
      .toBe('carl@example.com');
    await admin.context().close();
  });

  it('shows a user their own sign-in under recent activity', async () => {
    const { server, browser } = e2e();
    const { url } = server;
    await signUpByApi(url, 'dora@example.com', 'Dora Diligent');
    const dora = await signIn(browser, url, 'dora@example.com');
    await dora
      .getByRole('navigation', { name: 'Account sections' })
      .getByRole('link', { name: 'Recent activity' })
      .click();
    await dora.getByRole('heading', { level: 2, name: 'Recent activity' }).waitFor();
    // The sign-in just made is recorded after its answer: reload until it shows.
    await expect
      .poll(
        async () => {
          await dora.reload();
          await dora.getByRole('heading', { level: 2, name: 'Recent activity' }).waitFor();
          await dora.waitForLoadState('networkidle');
          return dora
            .getByTestId('activity-row')
            .filter({ has: dora.getByRole('heading', { name: 'Sign-in', exact: true }) })
            .count();
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    const first = dora.getByTestId('activity-row').first();
    expect(await first.getByRole('heading', { level: 3 }).textContent()).toBe('Sign-in');
    expect(await first.getByText('Failed').count()).toBe(0);
    // Chromium names itself (HeadlessChrome) and its system in the User-Agent.
    expect(await first.textContent()).toMatch(/Chrome \d+ on Linux/);
    await saveScreenshot(dora, 'account-recent-activity');
    await dora.context().close();
  });
});
