/**
 * Layouts that used to cut or cram their content (#32): the audit log's user filter has room for
 * an address at both widths; in German the audit grid's chips and event names show whole and
 * nothing scrolls sideways at 1280; at phone width (375×812) the users list and an
 * organization's members are rows of cards, not a grid of two visible columns or an address
 * broken over four lines.
 */
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ADMIN_EMAIL } from './support/app-server';
import { saveScreenshot } from './support/browser';
import { describeInBrowser } from './support/suite';
import { fillSignIn, signUpAdminByApi, signUpByApi } from './support/users';

const PHONE = { width: 375, height: 812 };
const LAPTOP = { width: 1280, height: 800 };
const GERMAN = '6';

async function signIn(browser: Browser, url: string, email: string, language?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: LAPTOP });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(`${url}/sign-in`);
  await fillSignIn(page, email);
  await page.waitForURL(/\/account/);
  // The language the header's menu would choose (its id, as the app keeps it), for the next page.
  if (language) await page.evaluate((id) => localStorage.setItem('latchkey.language', id), language);
  return page;
}

/** Elements matching the selector whose content is wider than their box (cut off, or scrolling). */
function overflowing(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (elements) =>
    elements.filter((element) => element.scrollWidth > element.clientWidth + 1).map((e) => e.textContent ?? ''),
  );
}

/** The file's one server keeps its users: the admin signs up once. */
let adminSignedUp: Promise<string> | undefined;
function ensureAdmin(server: Parameters<typeof signUpAdminByApi>[0]): Promise<string> {
  adminSignedUp ??= signUpAdminByApi(server, 'Ada Admin');
  return adminSignedUp;
}

function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

describeInBrowser('narrow and translated layouts', (e2e) => {
  it('the audit user filter is wide enough for an address at 1280 and at 375', async () => {
    const { server, browser } = e2e();
    await ensureAdmin(server);
    const admin = await signIn(browser, server.url, ADMIN_EMAIL);
    await admin.goto(`${server.url}/admin/audit`);
    const field = admin.getByRole('combobox', { name: 'User (e-mail)' });
    await field.waitFor();
    const width = () => field.evaluate((input) => input.closest('.MuiInputBase-root')!.getBoundingClientRect().width);
    expect(await width()).toBeGreaterThanOrEqual(260);
    await admin.setViewportSize(PHONE);
    await expect.poll(width).toBeGreaterThanOrEqual(300);
    await saveScreenshot(admin, 'audit-user-filter');
    await admin.context().close();
  });

  it('in German the audit grid shows its chips and event names whole, with nothing to scroll at 1280', async () => {
    const { server, browser } = e2e();
    await ensureAdmin(server);
    await signUpByApi(server.url, 'erika@example.com', 'Erika Mustermann');
    await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: 'erika@example.com', password: 'not the password at all' }),
    });
    const admin = await signIn(browser, server.url, ADMIN_EMAIL, GERMAN);
    await admin.goto(`${server.url}/admin/audit`);
    const grid = admin.locator('.MuiDataGrid-root');
    await expect.poll(() => grid.locator('.MuiChip-label').count(), { timeout: 15_000 }).toBeGreaterThan(2);
    expect(await admin.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await overflowing(admin, '.MuiDataGrid-root .MuiChip-label')).toEqual([]);
    expect(await overflowing(admin, '.MuiDataGrid-root [data-field="type"][role="gridcell"] *')).toEqual([]);
    expect(await overflowing(admin, '.MuiDataGrid-root [data-field="detail"][role="gridcell"] *')).toEqual([]);
    const [contentWidth, boxWidth] = await admin.$eval('.MuiDataGrid-virtualScroller', (scroller) => [
      scroller.scrollWidth,
      scroller.clientWidth,
    ]);
    expect(contentWidth).toBeLessThanOrEqual(boxWidth! + 1);
    await saveScreenshot(admin, 'audit-log-german');
    await admin.context().close();
  });

  it('at 375 the users list is a list of cards, each address on its line', async () => {
    const { server, browser } = e2e();
    await ensureAdmin(server);
    const long = 'frederika.longname-for-testing@example.com';
    await signUpByApi(server.url, long, 'Frederika Longname');
    const admin = await signIn(browser, server.url, ADMIN_EMAIL);
    await admin.setViewportSize(PHONE);
    await admin.goto(`${server.url}/admin/users`);
    const list = admin.getByRole('table', { name: 'Users' });
    const row = list.getByRole('row').filter({ hasText: long });
    await row.waitFor();
    // Every field of the row shows on the screen (no hidden columns to scroll to).
    expect(await row.textContent()).toContain('Frederika Longname');
    expect(await pageScrollsSideways(admin)).toBe(false);
    const box = await row.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await row.getByRole('link', { name: long }).click();
    await admin.getByRole('heading', { level: 1, name: 'Frederika Longname' }).waitFor();
    await admin.goBack();
    await list.getByRole('row').filter({ hasText: long }).waitFor();
    await saveScreenshot(admin, 'admin-users-phone');
    await admin.context().close();
  });

  it("at 375 an organization's members are cards and an address breaks at most once", async () => {
    const { server, browser } = e2e();
    const email = 'maximiliane.mitgliedsname@example.com';
    await signUpByApi(server.url, email, 'Maximiliane Mitglied');
    const page = await signIn(browser, server.url, email);
    const created = await page.request.post(`${server.url}/api/auth/organization/create`, {
      headers: { origin: server.url },
      data: { name: 'Narrow Org', slug: `narrow-${Date.now().toString(36)}` },
    });
    expect(created.status()).toBe(200);
    const { id } = (await created.json()) as { id: string };
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/organizations/${id}/members`);
    const members = page.getByRole('table', { name: 'Members' });
    const address = members.getByText(email);
    await address.waitFor();
    const lines = await address.evaluate((element) => {
      const height = element.getBoundingClientRect().height;
      const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
      return Math.round(height / lineHeight);
    });
    expect(lines).toBeLessThanOrEqual(2);
    expect(await pageScrollsSideways(page)).toBe(false);
    await saveScreenshot(page, 'organization-members-phone');
    await page.context().close();
  });
});
