/**
 * Signing in through an OpenID Provider in real Chromium: the standalone server started with
 * OIDC_ISSUER pointing at an in-process oidc-provider; the sign-in page's provider button leads to
 * the OP's sign-in form, whose answer (after consent) comes back to the app signed in, and the
 * account page lists the OP identity as a linked account. A callback that fails returns to the
 * sign-in page, which says why.
 */
import { afterAll, expect, it } from 'vitest';
import { startOpenIDProvider, type TestOpenIDProvider } from '../packages/server/test/support/oidc-provider';
import { saveScreenshot } from './support/browser';
import { describeInBrowser } from './support/suite';
import { uniqueEmail } from './support/users';

const PROVIDER_ID = 'corp';
const PROVIDER_NAME = 'Company SSO';
let op: TestOpenIDProvider | undefined;

afterAll(async () => {
  await op?.close();
});

describeInBrowser(
  'signing in through an OpenID Provider',
  (e2e) => {
    it("the provider button → the OP's sign-in and consent → back in the app, signed in, with the OP account linked", async () => {
      const { server, browser } = e2e();
      const email = uniqueEmail('e2e-oidc');
      op!.setAccount({ sub: 'e2e-grace', email, email_verified: true, name: 'Grace Hopper' });
      const context = await browser.newContext();
      const page = await context.newPage();

      await page.goto(`${server.url}/sign-in`);
      await page.getByRole('button', { name: `Continue with ${PROVIDER_NAME}` }).click();
      // The OP's own page, on its own origin.
      await page.waitForURL((url) => url.href.startsWith(`${op!.issuer}/interaction/`));
      await page.getByLabel('Account').fill('e2e-grace');
      await page.getByRole('button', { name: 'Sign in' }).click();

      await page.waitForURL((url) => url.origin === server.url && url.pathname === '/account');
      await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
      await expect.poll(() => page.getByText(email).count()).toBeGreaterThan(0);

      await page.goto(`${server.url}/account/linked`);
      const item = page.getByTestId('linked-account');
      await expect.poll(() => item.count()).toBe(1);
      // The provider's label comes with the list of enabled providers, which may arrive after the item.
      await expect.poll(() => item.textContent()).toContain(PROVIDER_NAME);
      expect(await item.textContent()).toContain('Account e2e-grace');
      // The only way this user signs in: it cannot be unlinked.
      expect(await item.getByRole('button', { name: `Unlink ${PROVIDER_NAME}` }).isDisabled()).toBe(true);
      await saveScreenshot(page, 'social-sign-in-linked');
      await context.close();
    });

    it('a sign-in the OP refuses comes back to the sign-in page, which says why', async () => {
      const { server, browser } = e2e();
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${server.url}/sign-in`);
      await page.getByRole('button', { name: `Continue with ${PROVIDER_NAME}` }).click();
      await page.waitForURL((url) => url.href.startsWith(`${op!.issuer}/interaction/`));
      // The person refuses at the OP: it answers the callback with error=access_denied.
      const refused = new URL(page.url());
      refused.searchParams.set('deny', '1');
      await page.goto(refused.href);

      await page.waitForURL(
        (url) => url.origin === server.url && url.pathname === '/sign-in' && url.searchParams.has('error'),
      );
      expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe('The sign-in was cancelled at the provider.');
      expect(await page.evaluate(() => fetch('/api/auth/get-session').then((r) => r.json()))).toBeNull();
      await saveScreenshot(page, 'social-sign-in-refused');
      await context.close();
    });
  },
  async (url) => {
    op = await startOpenIDProvider({
      clients: [
        {
          client_id: 'latchkey-e2e',
          client_secret: 'e2e-op-secret',
          redirect_uris: [`${url}/api/auth/callback/${PROVIDER_ID}`],
        },
      ],
    });
    return {
      OIDC_ISSUER: op.issuer,
      OIDC_CLIENT_ID: 'latchkey-e2e',
      OIDC_CLIENT_SECRET: 'e2e-op-secret',
      OIDC_PROVIDER_ID: PROVIDER_ID,
      OIDC_NAME: PROVIDER_NAME,
    };
  },
);
