/**
 * Signing up and in, in real Chromium against the standalone server with the development outbox:
 * sign up → open the verification link from the app's outbox page → verified → sign out → sign in
 * → the account. And the failures a person must be able to read: a wrong password, a ban.
 */
import { expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { ADMIN_EMAIL } from './support/app-server';
import { saveScreenshot } from './support/browser';
import { describeInBrowser } from './support/suite';
import { PASSWORD, chooseFromUserMenu, fillSignIn, uniqueEmail, verifyByMail } from './support/users';

/** A user made through the API in its own context (its cookies stay there). */
async function signUpInContext(context: BrowserContext, url: string, email: string): Promise<string> {
  const response = await context.request.post(`${url}/api/auth/sign-up/email`, {
    headers: { origin: url },
    data: { name: 'Api User', email, password: PASSWORD },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

describeInBrowser('signing up and in', (e2e) => {
  it('sign up → verify through the outbox → sign out → sign in lands on the account', async () => {
    const { server, browser } = e2e();
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = uniqueEmail('e2e-signup');

    await page.goto(`${server.url}/sign-up`);
    await page.getByLabel(/^Name/).fill('Ada Lovelace');
    await page.getByLabel(/^E-mail/).fill(email);
    await page.getByLabel('Username (optional)').fill(`ada_${Date.now().toString(36)}`);
    await page.getByText('This username is available.').waitFor();
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your mail' }).waitFor();
    await saveScreenshot(page, 'auth-check-your-mail');

    // The note on the page leads to the development outbox; its link is the mailed one.
    await page.getByTestId('dev-outbox-note').getByRole('link', { name: '/dev/outbox' }).click();
    await page.getByRole('heading', { level: 1, name: 'Development outbox' }).waitFor();
    await page
      .getByRole('link', { name: /\/api\/auth\/verify-email\?token=/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'E-mail address verified' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/verify-email');
    expect(new URL(page.url()).search).toBe('?verified=1');
    await saveScreenshot(page, 'auth-email-verified');

    await chooseFromUserMenu(page, 'Sign out');
    await page.waitForURL(`${server.url}/sign-in`);
    await fillSignIn(page, email);
    await page.waitForURL(`${server.url}/account`);
    const session = (await (await context.request.get(`${server.url}/api/auth/get-session`)).json()) as {
      user: { email: string; emailVerified: boolean };
    };
    expect(session.user).toMatchObject({ email, emailVerified: true });
    await saveScreenshot(page, 'auth-signed-in-after-verification');
    await context.close();
  });

  it('a wrong password and then a ban are explained on the sign-in page, at phone width', async () => {
    const { server, browser } = e2e();
    const adminContext = await browser.newContext();
    const victimEmail = uniqueEmail('e2e-banned');
    await signUpInContext(adminContext, server.url, ADMIN_EMAIL);
    // The listed address is admin once verified; ban-user reads the role from the database.
    await verifyByMail(server, ADMIN_EMAIL);
    // Signed up elsewhere: the browser below starts signed out.
    const signUpContext = await browser.newContext();
    const victimId = await signUpInContext(signUpContext, server.url, victimEmail);
    await signUpContext.close();
    const ban = await adminContext.request.post(`${server.url}/api/auth/admin/ban-user`, {
      headers: { origin: server.url },
      data: { userId: victimId },
    });
    expect(ban.status()).toBe(200);

    // At phone width: the sign-in card and its messages must fit.
    const victimContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await victimContext.newPage();
    await page.goto(`${server.url}/sign-in`);
    await fillSignIn(page, victimEmail, 'not the password');
    await page.getByRole('alert').getByText('The e-mail address or the password is not correct.').waitFor();

    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page
      .getByRole('alert')
      .getByText('You have been banned from this application. Please contact support if you believe this is an error.')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await saveScreenshot(page, 'auth-banned-message');
    await adminContext.close();
    await victimContext.close();
  });
});
