/**
 * A tab left open across an upgrade names chunks the server no longer has (it answers 404): the
 * app reloads the page once to get the new ones, and if the chunk still fails it shows its error
 * state under the header instead of reloading again.
 */
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { saveScreenshot } from './support/browser';
import { describeInBrowser } from './support/suite';
import { chooseFromUserMenu, fillSignIn, signUpByApi, uniqueEmail } from './support/users';

/** The organizations list's own chunk, as Vite names it. */
const ORGANIZATIONS_CHUNK = /\/assets\/organizations-page-[\w-]+\.js$/;

async function signedInOnAccount(browser: Browser, url: string): Promise<{ page: Page; documents: () => number }> {
  const email = uniqueEmail('chunk');
  await signUpByApi(url, email, 'Chunk Tester');
  const page = await (await browser.newContext()).newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(`${url}/sign-in`);
  await fillSignIn(page, email);
  await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
  let documents = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents++;
  });
  return { page, documents: () => documents };
}

/** Answers the chunk as the server answers a missing file, `times` times. */
async function missingChunk(page: Page, times: number): Promise<() => number> {
  let refused = 0;
  await page.route(ORGANIZATIONS_CHUNK, (route) => {
    if (refused >= times) return route.continue();
    refused++;
    return route.fulfill({ status: 404, contentType: 'text/plain; charset=utf-8', body: 'Not found' });
  });
  return () => refused;
}

const reloadNote = (page: Page) => page.evaluate(() => sessionStorage.getItem('latchkey.reloadedForChunk'));

describeInBrowser('recovering from a chunk missing after an upgrade', (e2e) => {
  it('reloads the page once and shows the screen, then forgets the reload', async () => {
    const { server, browser } = e2e();
    const { page, documents } = await signedInOnAccount(browser, server.url);
    const refused = await missingChunk(page, 1);

    await page.getByRole('banner').getByRole('link', { name: 'Organizations' }).click();
    await page.getByRole('heading', { level: 1, name: 'Organizations' }).waitFor();
    expect(refused()).toBe(1);
    expect(documents()).toBe(1);
    expect(page.url()).toBe(`${server.url}/organizations`);
    // Loaded: a later upgrade in this tab may reload again.
    await expect.poll(() => reloadNote(page)).toBeNull();
    await page.context().close();
  });

  it('shows the error state under the header when the chunk fails again after the reload, and never reloads again', async () => {
    const { server, browser } = e2e();
    const { page, documents } = await signedInOnAccount(browser, server.url);
    const refused = await missingChunk(page, Number.POSITIVE_INFINITY);

    await page.getByRole('banner').getByRole('link', { name: 'Organizations' }).click();
    await page.getByRole('heading', { level: 1, name: 'Something went wrong' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('This screen could not be loaded.');
    // The header still works: its user menu is there to go elsewhere.
    expect(await page.getByTestId('user-menu').isVisible()).toBe(true);
    // The error state is drawn only once the reloader declined (app/route-error.tsx); a reload
    // started anyway would keep the network busy, so wait for it to be quiet, not for a set time.
    await page.waitForLoadState('networkidle');
    expect(documents()).toBe(1);
    expect(refused()).toBe(2);
    expect(await reloadNote(page)).not.toBeNull();
    await saveScreenshot(page, 'chunk-recovery-error');

    // The way out offered: another screen loads, and clears the note.
    await chooseFromUserMenu(page, 'Account');
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    await expect.poll(() => reloadNote(page)).toBeNull();
    await page.context().close();
  });
});
