/**
 * Organizations in real Chromium against the standalone server with the development outbox:
 * user A signs in, creates an organization and invites user B by e-mail; B, in another browser
 * (a phone-sized one), opens the mailed invitation link signed out, is sent to sign-in and back,
 * is told to verify the address first, verifies it from the outbox, accepts and lands in the
 * organization; A then makes B an admin and removes B.
 */
import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { saveScreenshot } from './support/browser';
import { describeInBrowser } from './support/suite';
import { fillSignIn, mailLink, signUpByApi, uniqueEmail } from './support/users';

/** Each place the element's text wraps onto a new line, as the two characters around it. */
function lineBreaksIn(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const characters: { text: string; top: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let at = 0; at < text.length; at += 1) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        characters.push({ text: text[at]!, top: Math.round(range.getBoundingClientRect().top) });
      }
    }
    return characters
      .slice(1)
      .filter((character, at) => character.top > characters[at]!.top)
      .map((character) => `${characters[characters.indexOf(character) - 1]!.text}${character.text}`);
  });
}

describeInBrowser('organizations', (e2e) => {
  it('create → invite → the invitee accepts in another browser → role changed → removed', async () => {
    const { server, browser } = e2e();
    const emailA = uniqueEmail('e2e-org-owner');
    const emailB = uniqueEmail('e2e-org-invitee');
    await signUpByApi(server.url, emailA, 'Ada Owner');
    await signUpByApi(server.url, emailB, 'Bea Invitee');

    // A signs in and creates an organization; its slug is proposed from the name and checked.
    const contextA = await browser.newContext();
    const pageA = await contextA.newPage();
    pageA.setDefaultTimeout(10_000);
    await pageA.goto(`${server.url}/organizations`);
    await fillSignIn(pageA, emailA);
    await pageA.getByRole('heading', { level: 1, name: 'Organizations' }).waitFor();
    await pageA.getByRole('button', { name: 'New organization' }).click();
    const create = pageA.getByRole('dialog', { name: 'New organization' });
    const name = `Acme ${Date.now().toString(36)}`;
    await create.getByLabel(/^Name/).fill(name);
    await create.getByText('This slug is free').waitFor();
    await create.getByRole('button', { name: 'Create' }).click();
    await pageA.getByTestId('toast').getByText(`Organization “${name}” created.`).waitFor();
    // The new organization opens at once, by its slug (#32 item 21).
    await pageA.getByRole('heading', { level: 1, name }).waitFor();
    expect(new URL(pageA.url()).pathname).toBe(`/organizations/${name.toLowerCase().replace(' ', '-')}`);
    await pageA.goto(`${server.url}/organizations`);
    await saveScreenshot(pageA, 'organization-list');
    await pageA
      .getByRole('list', { name: 'Your organizations' })
      .getByRole('link', { name: new RegExp(name) })
      .click();
    await pageA.getByRole('heading', { level: 1, name }).waitFor();
    await pageA.getByRole('button', { name: `Active organization: ${name}` }).waitFor();
    await saveScreenshot(pageA, 'organization-settings');

    // A invites B as a member.
    await pageA.getByRole('tab', { name: 'Invitations' }).click();
    const invite = pageA.getByRole('form', { name: 'Invite a member' });
    await invite.getByLabel(/^E-mail/).fill(emailB);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await pageA.getByTestId('toast').getByText(`Invitation sent to ${emailB}.`).waitFor();
    await pageA.getByRole('list', { name: 'Pending invitations' }).getByText(emailB).waitFor();
    await saveScreenshot(pageA, 'organization-invitations');
    const invitationLink = await mailLink(server, emailB, /\/invitations\/[^/]+$/);
    expect(invitationLink.startsWith(`${server.url}/invitations/`)).toBe(true);

    // B, signed out on a phone, opens the link: sign-in first, then back to the invitation.
    const contextB = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const pageB = await contextB.newPage();
    pageB.setDefaultTimeout(10_000);
    await pageB.goto(invitationLink);
    await pageB.waitForURL((url) => url.pathname === '/sign-in');
    expect(new URL(pageB.url()).searchParams.get('redirectTo')).toBe(new URL(invitationLink).pathname);
    await fillSignIn(pageB, emailB);
    await pageB.waitForURL(invitationLink);

    // An address not yet verified is shown nothing of the invitation: the page says what to do.
    await pageB.getByText(/Verify your e-mail address \(/).waitFor();
    // The sign-up mail of an API sign-up has no callbackURL: the link answers JSON.
    const verified = await pageB.goto(await mailLink(server, emailB, /\/verify-email\?token=/));
    expect(verified?.status()).toBe(200);
    await pageB.goto(invitationLink);
    await pageB.getByText(`${emailA} invites you to join ${name}.`).waitFor();
    await saveScreenshot(pageB, 'organization-invitation-page');
    await pageB.getByRole('button', { name: 'Accept' }).click();
    await pageB.getByRole('heading', { level: 1, name }).waitFor();
    // Accepting lands on the members, saying so in a toast (a plain member's settings would be read-only).
    await pageB.getByTestId('toast').getByText(`You joined ${name}.`).waitFor();
    expect(new URL(pageB.url()).pathname).toMatch(/^\/organizations\/[^/]+\/members$/);
    await pageB.getByRole('button', { name: `Active organization: ${name}` }).waitFor();
    await pageB.getByRole('tab', { name: 'Members' }).click();
    await pageB.getByRole('table', { name: 'Members' }).getByText(emailA).waitFor();
    // At phone width an address wraps before its '@' or a dot (or after a hyphen), never inside a word.
    for (const wrap of await lineBreaksIn(pageB.getByRole('table', { name: 'Members' }).getByText(emailA))) {
      expect(wrap, `${emailA} wraps between "${wrap}"`).toMatch(/^(.[@.]|-.)$/);
    }
    await saveScreenshot(pageB, 'organization-member-view-phone');

    // A makes B an admin, then removes B.
    await pageA.getByRole('tab', { name: 'Members' }).click();
    const role = pageA.getByRole('combobox', { name: 'Role of Bea Invitee' });
    await role.click();
    await pageA.getByRole('option', { name: 'Admin' }).click();
    await expect.poll(() => role.textContent()).toBe('Admin');
    const members = (await (
      await contextA.request.get(
        `${server.url}/api/auth/organization/list-members?organizationSlug=${encodeURIComponent(new URL(pageA.url()).pathname.split('/')[2]!)}`,
      )
    ).json()) as { members: { role: string; user: { email: string } }[] };
    expect(members.members.find((m) => m.user.email === emailB)?.role).toBe('admin');
    await saveScreenshot(pageA, 'organization-role-changed');

    await pageA.getByRole('button', { name: 'Remove Bea Invitee' }).click();
    const confirm = pageA.getByRole('dialog', { name: 'Remove member?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await confirm.waitFor({ state: 'detached' });
    await pageA.getByRole('table', { name: 'Members' }).getByText(emailB).waitFor({ state: 'detached' });
    await saveScreenshot(pageA, 'organization-member-removed');

    await contextA.close();
    await contextB.close();
  });
});
