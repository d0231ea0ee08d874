/**
 * @module Users for the browser tests: unique addresses, sign-up through the API (as a script
 * would, so each user's browser starts signed out), the sign-in form filled as a person would,
 * and the links the server mailed to the development outbox.
 */
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, type AppServer } from './app-server';

export const PASSWORD = 'correct horse battery';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** The new user's id. No cookie is kept: the browser signs in on its own. */
export async function signUpByApi(url: string, email: string, name: string, password = PASSWORD): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ name, email, password }),
  });
  if (response.status !== 200)
    throw new Error(`sign-up of ${email} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

/** Fills the sign-in page already open and submits it (the form's button, not the header's). */
export async function fillSignIn(page: Page, identifier: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('E-mail or username').fill(identifier);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The first link matching `pattern` in a mail to `to`, waiting a little for the mail to arrive. */
export async function mailLink(server: Pick<AppServer, 'outbox'>, to: string, pattern: RegExp): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const link = (await server.outbox())
      .filter((mail) => mail.to === to)
      .flatMap((mail) => mail.links)
      .find((candidate) => pattern.test(candidate));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} with a link like ${pattern}`);
}

/**
 * Follows the verification link mailed at sign-up, as the address's owner would: a listed admin
 * address (ADMIN_EMAIL) becomes admin only then.
 */
export async function verifyByMail(server: Pick<AppServer, 'outbox'>, email: string): Promise<void> {
  const response = await fetch(await mailLink(server, email, /\/verify-email\?token=/), { redirect: 'manual' });
  if (response.status !== 200 && response.status !== 302)
    throw new Error(`the verification link of ${email} answered ${response.status}: ${await response.text()}`);
}

/** The listed admin, signed up through the API and verified by mail; its id. */
export async function signUpAdminByApi(server: Pick<AppServer, 'url' | 'outbox'>, name: string): Promise<string> {
  const id = await signUpByApi(server.url, ADMIN_EMAIL, name);
  await verifyByMail(server, ADMIN_EMAIL);
  return id;
}

/** Opens the header's user menu (the avatar) and chooses an item: Account, Organizations, Admin or Sign out. */
export async function chooseFromUserMenu(page: Page, item: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}
