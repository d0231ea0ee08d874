/**
 * Passkeys in Chromium against the standalone server, with a virtual authenticator (the DevTools
 * WebAuthn domain through playwright-core's CDP session: a platform authenticator holding
 * discoverable credentials, verifying the user, its presence simulated): a user adds a passkey
 * named "Laptop" in Account → Security, sees it listed, renames it, signs out, signs back in with
 * "Sign in with a passkey" alone and lands signed in; then deletes it. BASE_URL and the page are
 * http://localhost:<port> (support/app-server.ts): WebAuthn needs a secure context (localhost is
 * one) and a relying-party id that is a domain, not an IP address.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { saveScreenshot } from './support/browser';
import { describeInBrowser } from './support/suite';
import { chooseFromUserMenu, fillSignIn, signUpByApi, uniqueEmail } from './support/users';

interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  credentials(): Promise<{ credentialId: string; isResidentCredential: boolean; signCount: number }[]>;
}

async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<VirtualAuthenticator> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/**
 * Chromium answers a conditional (autofill) request from the virtual authenticator at once, as if
 * the user had picked its passkey: a page that should show the button at work says it has no
 * conditional mediation, so the sign-in page starts no autofill ceremony.
 */
async function withoutConditionalMediation(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
      configurable: true,
      value: () => Promise.resolve(false),
    });
  });
}

/** Signs in with the password at /account/security and adds a passkey named `name` there. */
async function addPasskeyInSecurity(page: Page, url: string, email: string, name: string): Promise<void> {
  await page.goto(`${url}/sign-in?redirectTo=${encodeURIComponent('/account/security')}`);
  await fillSignIn(page, email);
  await page.getByRole('heading', { level: 2, name: 'Passkeys' }).waitFor();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel(/^Passkey name/).fill(name);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('toast').getByText(`Passkey “${name}” added.`).waitFor();
}

const passkeyRows = (page: Page) => page.getByRole('list', { name: 'Passkeys' }).getByTestId('passkey-row');

describeInBrowser('passkeys', (e2e) => {
  it('added and renamed in Account → Security, signed in with, then deleted', async () => {
    const { server, browser } = e2e();
    const email = uniqueEmail('passkey');
    await signUpByApi(server.url, email, 'Ada Admin');
    // bypassCSP: axe is injected as a script, which the page's own policy forbids.
    const context = await browser.newContext({ bypassCSP: true });
    await withoutConditionalMediation(context);
    const page = await context.newPage();
    const authenticator = await addVirtualAuthenticator(context, page);

    await page.goto(`${server.url}/sign-in?redirectTo=${encodeURIComponent('/account/security')}`);
    await fillSignIn(page, email);
    await page.getByRole('heading', { level: 2, name: 'Passkeys' }).waitFor();
    await page.getByText('You have no passkeys yet.').waitFor();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByLabel(/^Passkey name/).fill('Laptop');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('toast').getByText('Passkey “Laptop” added.').waitFor();
    await expect.poll(() => passkeyRows(page).count()).toBe(1);
    expect(await passkeyRows(page).getByRole('heading', { level: 3 }).textContent()).toBe('Laptop');
    const [credential] = await authenticator.credentials();
    expect(credential).toMatchObject({ isResidentCredential: true });
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'passkeys-section');

    await page.getByRole('button', { name: 'Rename Laptop' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename passkey' });
    await rename.getByLabel(/^Passkey name/).fill('Work laptop');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => passkeyRows(page).getByRole('heading', { level: 3 }).textContent()).toBe('Work laptop');

    await chooseFromUserMenu(page, 'Sign out');
    await page.waitForURL((target) => target.pathname === '/sign-in');
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    // Where a password sign-in without redirectTo goes.
    await page.waitForURL((target) => target.pathname === '/account');
    await page.getByTestId('user-menu').waitFor();
    expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(credential!.signCount);

    await page.goto(`${server.url}/account/security`);
    await page.getByRole('button', { name: 'Delete Work laptop' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this passkey?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('You have no passkeys yet.').waitFor();
    await context.close();
  });

  it('the sign-in form offers the passkey in its autofill (conditional UI), which signs in', async () => {
    const { server, browser } = e2e();
    const email = uniqueEmail('passkey-autofill');
    await signUpByApi(server.url, email, 'Ada Admin');
    const context = await browser.newContext();
    const page = await context.newPage();
    await addVirtualAuthenticator(context, page);
    await addPasskeyInSecurity(page, server.url, email, 'Laptop');

    // Signed out by losing the cookies, so that the sign-in page is opened afresh.
    await context.clearCookies();
    await page.goto(`${server.url}/sign-in`);
    expect(await page.getByLabel('E-mail or username').getAttribute('autocomplete')).toBe('username webauthn');
    // The virtual authenticator answers the autofill's request as a user picking the passkey would.
    await page.waitForURL((target) => target.pathname === '/account');
    await page.getByTestId('user-menu').waitFor();
    await context.close();
  });
});
