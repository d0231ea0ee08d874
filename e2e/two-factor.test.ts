/**
 * Two-factor in Chromium against the standalone server: a user turns it on in Account → Security
 * (the QR code drawn in the page, the key typed into an "authenticator", a first code), signs out,
 * and signs back in through the second step with a code from the app, landing where sign-in would
 * have sent them; a backup code works for the next sign-in. A browser trusted at the second step
 * is listed under Trusted devices as this device; forgotten there, it is asked the step again.
 * An administrator resets a user's two-factor on the user's page in the console.
 */
import { authenticator } from 'otplib';
import type { BrowserContext } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { saveScreenshot } from './support/browser';
import { describeInBrowser } from './support/suite';
import { ADMIN_EMAIL } from './support/app-server';
import { PASSWORD, chooseFromUserMenu, fillSignIn, signUpAdminByApi, signUpByApi, uniqueEmail } from './support/users';

/** The code an authenticator app shows `stepOffset` 30-second steps from now. */
function totpCode(secret: string, stepOffset = 0): string {
  return authenticator.clone({ epoch: Date.now() + stepOffset * 30_000 }).generate(secret);
}

describeInBrowser('two-factor authentication', (e2e) => {
  it('turned on in the security section, then asked as the second step of sign-in', async () => {
    const { server, browser } = e2e();
    const email = uniqueEmail('2fa');
    await signUpByApi(server.url, email, 'Grace Hopper');
    const context = await browser.newContext();
    const page = await context.newPage();

    await page.goto(`${server.url}/sign-in?redirectTo=${encodeURIComponent('/account/security')}`);
    await fillSignIn(page, email);
    await page.getByRole('heading', { level: 2, name: 'Two-factor authentication' }).waitFor();
    expect(await page.getByTestId('two-factor-status').textContent()).toBe('Two-factor authentication is off.');
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();

    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    // Drawn, not only named: the page's Content-Security-Policy lets data: images through.
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const secret = (await page.getByTestId('totp-key').textContent())!.replace(/\s+/g, '');
    const backupCodes = await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents();
    expect(backupCodes).toHaveLength(10);
    await saveScreenshot(page, 'two-factor-setup');
    await page.getByLabel(/^Code/).fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect
      .poll(() => page.getByTestId('two-factor-status').textContent())
      .toBe('Two-factor authentication is on.');

    await chooseFromUserMenu(page, 'Sign out');
    await page.waitForURL((target) => target.pathname === '/sign-in');
    await page.goto(`${server.url}/sign-in?redirectTo=${encodeURIComponent('/account/sessions')}`);
    await fillSignIn(page, email);
    await page.waitForURL((target) => target.pathname === '/sign-in/two-factor');
    await page.getByRole('heading', { level: 1, name: 'Two-step verification' }).waitFor();
    await saveScreenshot(page, 'two-factor-second-step');
    await page.getByLabel(/^Code/).fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForURL((target) => target.pathname === '/account/sessions');

    await chooseFromUserMenu(page, 'Sign out');
    await page.waitForURL((target) => target.pathname === '/sign-in');
    // Without redirectTo (signing out keeps the page it left), so sign-in goes to the account.
    await page.goto(`${server.url}/sign-in`);
    await fillSignIn(page, email);
    await page.waitForURL((target) => target.pathname === '/sign-in/two-factor');
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await page.getByLabel(/^Backup code/).fill(backupCodes[0]!);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForURL((target) => target.pathname === '/account');
    await context.close();
  });

  it('the setup, the section with two-factor on and each form of the second step pass the audit', async () => {
    const { server, browser } = e2e();
    const email = uniqueEmail('2fa-axe');
    // The accessibility walk's name: axe's label-content-name-mismatch flags the header's avatar
    // button for some names (its initials "GH" are not in "User menu: Grace Hopper").
    await signUpByApi(server.url, email, 'Ada Admin');
    // axe is injected as a script, which the page's own policy forbids (as the accessibility walk).
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/sign-in?redirectTo=${encodeURIComponent('/account/security')}`);
    await fillSignIn(page, email);
    await page.getByRole('heading', { level: 2, name: 'Two-factor authentication' }).waitFor();
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const secret = (await page.getByTestId('totp-key').textContent())!.replace(/\s+/g, '');
    await page.getByLabel(/^Code/).fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByRole('button', { name: 'Turn off two-factor authentication' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await chooseFromUserMenu(page, 'Sign out');
    await page.waitForURL((target) => target.pathname === '/sign-in');
    await fillSignIn(page, email);
    await page.waitForURL((target) => target.pathname === '/sign-in/two-factor');
    await page.getByLabel(/^Code/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await page.getByLabel(/^Backup code/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('a browser trusted at the second step is listed, and once forgotten is asked the step again', async () => {
    const { server, browser } = e2e();
    const email = uniqueEmail('2fa-trust');
    await signUpByApi(server.url, email, 'Ada Admin');
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/sign-in`);
    await fillSignIn(page, email);
    await page.waitForURL((target) => target.pathname === '/account');
    // Turned on through the API with the browser's own cookies (the setup has its test above).
    const api = (path: string, data: unknown) =>
      context.request.post(`${server.url}/api/auth${path}`, { data, headers: { origin: server.url } });
    const enabled = (await (await api('/two-factor/enable', { password: PASSWORD })).json()) as { totpURI: string };
    const secret = new URL(enabled.totpURI).searchParams.get('secret')!;
    expect((await api('/two-factor/verify-totp', { code: totpCode(secret) })).status()).toBe(200);

    await chooseFromUserMenu(page, 'Sign out');
    await page.waitForURL((target) => target.pathname === '/sign-in');
    await page.goto(`${server.url}/sign-in?redirectTo=${encodeURIComponent('/account/security')}`);
    await fillSignIn(page, email);
    await page.waitForURL((target) => target.pathname === '/sign-in/two-factor');
    await page.getByLabel(/^Code/).fill(totpCode(secret, 1));
    await page.getByRole('checkbox', { name: 'Trust this device for 30 days' }).check();
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForURL((target) => target.pathname === '/account/security');

    const row = page.getByRole('list', { name: 'Trusted devices' }).getByTestId('trusted-device-row');
    await row.waitFor();
    expect(await row.getAttribute('data-current')).toBe('true');
    expect(await row.getByText('This device').count()).toBe(1);
    // Chromium's user agent, as the sessions list names it.
    expect(await row.getByRole('heading', { level: 3 }).textContent()).toMatch(/^Chrom\w* \d+ on /);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'two-factor-trusted-devices');
    await row.getByRole('button', { name: /^Forget / }).click();
    const dialog = page.getByRole('dialog', { name: 'Forget this device?' });
    await dialog.getByRole('button', { name: 'Forget', exact: true }).click();
    await page.getByText(/^No trusted devices\./).waitFor();

    await chooseFromUserMenu(page, 'Sign out');
    await page.waitForURL((target) => target.pathname === '/sign-in');
    await fillSignIn(page, email);
    await page.waitForURL((target) => target.pathname === '/sign-in/two-factor');
    await context.close();
  });

  it('an administrator resets a user’s two-factor on their page, and the user signs in with the password alone', async () => {
    const { server, browser } = e2e();
    const email = uniqueEmail('2fa-lost');
    const userId = await signUpByApi(server.url, email, 'Lost Phone');
    const signInByApi = async (context: BrowserContext) =>
      (
        await context.request.post(`${server.url}/api/auth/sign-in/email`, {
          data: { email, password: PASSWORD },
          headers: { origin: server.url },
        })
      ).json() as Promise<{ twoFactorRedirect?: boolean }>;
    /** A sign-in from a browser of its own: what the password alone gets. */
    const freshSignIn = async () => {
      const fresh = await browser.newContext();
      try {
        return await signInByApi(fresh);
      } finally {
        await fresh.close();
      }
    };
    // The user turns it on through the API (the screens have their test above).
    const userContext = await browser.newContext();
    await signInByApi(userContext);
    const api = (path: string, data: unknown) =>
      userContext.request.post(`${server.url}/api/auth${path}`, { data, headers: { origin: server.url } });
    const enabled = (await (await api('/two-factor/enable', { password: PASSWORD })).json()) as { totpURI: string };
    const secret = new URL(enabled.totpURI).searchParams.get('secret')!;
    expect((await api('/two-factor/verify-totp', { code: totpCode(secret) })).status()).toBe(200);
    await userContext.close();
    expect(await freshSignIn()).toMatchObject({ twoFactorRedirect: true });

    await signUpAdminByApi(server, 'Ada Admin');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/sign-in?redirectTo=${encodeURIComponent(`/admin/users/${userId}`)}`);
    await fillSignIn(page, ADMIN_EMAIL);
    const block = page.getByRole('region', { name: 'Two-factor authentication' });
    await expect.poll(() => block.getByTestId('user-two-factor-status').textContent()).toBe('Status:On');
    await block.getByRole('button', { name: 'Reset two-factor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset two-factor authentication?' });
    expect(await dialog.textContent()).toContain(email);
    await dialog.getByRole('button', { name: 'Reset two-factor' }).click();
    await expect.poll(() => block.getByTestId('user-two-factor-status').textContent()).toBe('Status:Off');

    expect(await freshSignIn()).not.toHaveProperty('twoFactorRedirect');
    await context.close();
  });
});
