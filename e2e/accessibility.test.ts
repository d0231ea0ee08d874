/**
 * Every screen is labelled and fits a phone: on each page (signed out, signed in, in an
 * organization, in the admin console) every form control has an accessible name, every button
 * says what it does, there is one h1, at 375 px nothing makes the page scroll sideways, and axe-core
 * finds no violation in the light or the dark color scheme. Each screen is photographed in both
 * schemes at both widths. The sign-in form is also used from the keyboard alone.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ADMIN_EMAIL } from './support/app-server';
import { axeViolations } from './support/axe';
import { saveScreenshot } from './support/browser';
import { describeInBrowser } from './support/suite';
import { PASSWORD, fillSignIn, signUpAdminByApi, signUpByApi } from './support/users';

/** What a screen reader would find unnamed, and whether the page is wider than the window. */
function audit(page: Page) {
  return page.evaluate(() => {
    const nameOf = (element: Element): string => {
      const labelledBy = element.getAttribute('aria-labelledby');
      const byIds = labelledBy
        ? labelledBy
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : '';
      const labels =
        'labels' in element
          ? [...((element as HTMLInputElement).labels ?? [])].map((label) => label.textContent ?? '').join(' ')
          : '';
      return [element.getAttribute('aria-label') ?? '', byIds, labels, element.getAttribute('title') ?? '']
        .join(' ')
        .trim();
    };
    const hidden = (element: Element) =>
      element.closest('[aria-hidden="true"]') !== null || (element as HTMLInputElement).type === 'hidden';
    const controls = [...document.querySelectorAll('input, select, textarea, [role="combobox"]')].filter(
      (element) => !hidden(element),
    );
    const buttons = [...document.querySelectorAll('button, [role="button"]')].filter((element) => !hidden(element));
    return {
      controls: controls.length,
      unnamedControls: controls
        .filter((element) => nameOf(element) === '')
        .map((element) => element.outerHTML.slice(0, 120)),
      unnamedButtons: buttons
        .filter((element) => nameOf(element) === '' && (element.textContent ?? '').trim() === '')
        .map((element) => element.outerHTML.slice(0, 120)),
      headings: document.querySelectorAll('h1').length,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
}

/** The number of form controls audited on the page. */
async function expectAccessible(page: Page, url: string, path: string, name = path): Promise<number> {
  await page.goto(url + path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  const { controls, ...result } = await audit(page);
  expect({ path, ...result }).toEqual({ path, unnamedControls: [], unnamedButtons: [], headings: 1, overflow: 0 });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // Soft: one run lists the violations of every screen.
    expect
      .soft({ path, colorScheme, violations: await axeViolations(page) })
      .toEqual({ path, colorScheme, violations: [] });
  }
  await page.emulateMedia({ colorScheme: null });
  await saveScreenshot(page, `screen${name.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}`);
  return controls;
}

describeInBrowser('accessibility and phone width', (e2e) => {
  it('every screen names its controls and fits 375 px', async () => {
    const { server, browser } = e2e();
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, bypassCSP: true });
    const page = await context.newPage();
    for (const path of [
      '/sign-up',
      '/forgot-password',
      '/reset-password?token=x',
      '/verify-email',
      '/error?error=invalid_code',
      '/dev/outbox',
      '/sign-in/two-factor',
      '/device',
    ]) {
      await expectAccessible(page, server.url, path);
    }
    // The audit sees the form: identifier, password, remember me.
    expect(await expectAccessible(page, server.url, '/sign-in')).toBe(3);

    // Initials ("GH") that "User menu: Grace Hopper" does not contain: the header's avatar button must
    // still pass axe's label-in-name rule.
    const adminId = await signUpAdminByApi(server, 'Grace Hopper');
    await page.goto(`${server.url}/sign-in`);
    await fillSignIn(page, ADMIN_EMAIL, PASSWORD);
    await page.waitForURL(`${server.url}/account`);
    const created = await page.request.post(`${server.url}/api/auth/organization/create`, {
      headers: { origin: server.url },
      data: { name: 'Acme', slug: `acme-${Date.now().toString(36)}` },
    });
    const organizationId = ((await created.json()) as { id: string }).id;

    const signedIn = [
      '/account',
      '/account/email',
      '/account/password',
      '/account/security',
      '/account/sessions',
      '/account/activity',
      '/account/linked',
      '/account/applications',
      '/account/delete',
      '/organizations',
    ];
    const organization = ['settings', 'members', 'invitations', 'teams'].map(
      (section) => `/organizations/${organizationId}/${section}`,
    );
    const admin = ['/admin/users', '/admin/audit', '/admin/users/new', `/admin/users/${adminId}`];
    for (const path of [...signedIn, ...organization, ...admin]) {
      // Screenshots named without the random ids, so a run replaces the last one's.
      await expectAccessible(page, server.url, path, path.replace(organizationId, 'acme').replace(adminId, 'ada'));
    }
    // The header's menus, open.
    for (const menu of ['user-menu', 'color-scheme-menu', 'language-menu']) {
      await page.getByTestId(menu).click();
      await page.getByRole('menu').waitFor();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        // The open menu (a portal) follows the new scheme a render later than the page: audited
        // mid-switch, its text still has the other scheme's colour. A lasting violation still fails.
        await expect
          .poll(async () => ({ menu, colorScheme, violations: await axeViolations(page) }), { timeout: 5_000 })
          .toEqual({ menu, colorScheme, violations: [] });
      }
      await page.emulateMedia({ colorScheme: null });
      await saveScreenshot(page, `screen-header-${menu}`);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
    }
    await context.close();
    // It walks every screen at phone width, auditing and photographing each in both schemes (about
    // 60 s on an idle 2-core machine): room for a loaded CI box.
  }, 240_000);

  it('signs in with the keyboard alone', async () => {
    const { server, browser } = e2e();
    const email = `keyboard-${Date.now().toString(36)}@example.com`;
    await signUpByApi(server.url, email, 'Kim Keys');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/sign-in`);
    // The identifier field has the focus on arrival; Tab reaches the password, Enter submits.
    await page.getByLabel('E-mail or username').waitFor();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/account`);
    await saveScreenshot(page, 'accessibility-keyboard-sign-in');
    await context.close();
  });
});
