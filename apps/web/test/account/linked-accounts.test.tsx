import '../support/dom';
/**
 * The linked accounts page against a real server with GitHub (emulated) and a generic OpenID
 * Connect provider enabled: the last way of signing in cannot be unlinked (its button is disabled
 * and says why); each enabled provider not linked yet has a "link" button that leaves for the
 * provider, whose answer links the account; a linked provider can be unlinked; and a refused
 * link comes back naming the provider and saying why (the addresses must match, the identity is
 * another user's).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import account from '../../src/locales/en/account.json';
import auth from '../../src/locales/en/auth.json';
import type { AppAuth } from '../../src/lib/auth';
import { renderApp } from '../support/render-app';
import { toastSaying } from '../support/toast';
import { useSocialTestServer } from '../support/social-providers';
import type { TestServer } from '../support/test-server';
import { signedInUser } from './signed-in-user';

const { server, github } = useSocialTestServer();

let githubUser = 900;

/** link-social, then GitHub's answer for GitHub user `n` as the browser would bring it back; → the callback's redirect. */
async function linkGithub(target: TestServer, app: AppAuth, user: number): Promise<URL> {
  const started = await app.client.linkSocial({
    provider: 'github',
    callbackURL: '/account/linked',
    errorCallbackURL: '/account/linked?provider=github',
  });
  if (started.error) throw new Error(`link-social failed: ${started.error.code}`);
  const state = new URL(started.data.url).searchParams.get('state');
  const callback = await app.fetch(`${target.baseURL}/api/auth/callback/github?code=user-${user}&state=${state}`, {
    redirect: 'manual',
  });
  return new URL(callback.headers.get('location') ?? '/', target.baseURL);
}

describe('linked accounts', () => {
  it('a password that is the only way to sign in cannot be unlinked: its button is disabled and says why, advising only a link', async () => {
    const user = await signedInUser(server);
    renderApp(server, '/account/linked', { auth: user.auth });
    const item = await screen.findByTestId('linked-account');
    expect(within(item).getByText('E-mail and password')).toBeTruthy();
    expect(item.querySelector('[data-provider-icon]')?.getAttribute('data-provider-icon')).toBe('credential');
    const unlink = within(item).getByRole('button', { name: 'Unlink E-mail and password' });
    expect(unlink.hasAttribute('disabled')).toBe(true);
    // Not "set a password": this user has one. Providers are enabled here, so linking one is advice that fits.
    expect(document.getElementById(unlink.getAttribute('aria-describedby')!)?.textContent).toBe(
      `${account.linked.lastPassword} ${account.linked.addLink}`,
    );
  });

  it("offers a link button, with the provider's icon, for each enabled provider not linked yet", async () => {
    const user = await signedInUser(server);
    renderApp(server, '/account/linked', { auth: user.auth });
    const section = await screen.findByRole('region', { name: account.linked.linkTitle });
    const buttons = within(section).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Link GitHub', 'Link Company SSO']);
    expect(buttons.map((b) => b.querySelector('[data-provider-icon]')?.getAttribute('data-provider-icon'))).toEqual([
      'github',
      'generic',
    ]);
  });

  it('"Link GitHub" leaves for GitHub; its answer links the account, which the page then lists and lets unlink', async () => {
    const user = await signedInUser(server);
    const number = ++githubUser;
    github.setEmail(number, user.email);
    const first = renderApp(server, '/account/linked', { auth: user.auth });
    await userEvent.setup({ document }).click(await screen.findByRole('button', { name: 'Link GitHub' }));
    await waitFor(() => expect(window.location.href.startsWith(`${github.url}/login/oauth/authorize?`)).toBe(true));
    const state = new URL(window.location.href).searchParams.get('state');

    const callback = await user.auth.fetch(
      `${server.baseURL}/api/auth/callback/github?code=user-${number}&state=${state}`,
      { redirect: 'manual' },
    );
    expect(new URL(callback.headers.get('location')!, server.baseURL).pathname).toBe('/account/linked');

    // Back from GitHub: the page loads anew.
    first.unmount();
    renderApp(server, '/account/linked', { auth: user.auth });
    await waitFor(() => expect(screen.getAllByTestId('linked-account')).toHaveLength(2));
    const githubItem = screen.getAllByTestId('linked-account').find((item) => item.textContent?.includes('GitHub'))!;
    expect(githubItem.textContent).toContain(`Account ${number}`);
    expect(githubItem.querySelector('[data-provider-icon]')?.getAttribute('data-provider-icon')).toBe('github');
    // The providers come from a query of their own, which may answer after the accounts.
    expect(await screen.findByRole('button', { name: 'Link Company SSO' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Link GitHub' })).toBeNull();

    const ui = userEvent.setup({ document });
    await ui.click(within(githubItem).getByRole('button', { name: 'Unlink GitHub' }));
    const dialog = await screen.findByRole('dialog', { name: account.linked.unlinkTitle });
    await ui.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await toastSaying('GitHub was unlinked.');
    await waitFor(() => expect(screen.getAllByTestId('linked-account')).toHaveLength(1));
    expect((await user.auth.client.listAccounts()).data?.map((a) => a.providerId)).toEqual(['credential']);
  });

  it('a GitHub account already linked to another user is refused, and the page says so', async () => {
    const number = ++githubUser;
    const first = await signedInUser(server);
    github.setEmail(number, first.email);
    expect((await linkGithub(server, first.auth, number)).search).toBe('');

    // The GitHub account's address has since become the second user's.
    const second = await signedInUser(server);
    github.setEmail(number, second.email);
    const back = await linkGithub(server, second.auth, number);
    expect(back.pathname).toBe('/account/linked');
    expect(back.searchParams.get('error')).toBe('account_already_linked_to_different_user');
    expect((await second.auth.client.listAccounts()).data?.map((a) => a.providerId)).toEqual(['credential']);

    renderApp(server, back.pathname + back.search, { auth: second.auth });
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-code')).toBe('account_already_linked_to_different_user');
    await waitFor(() => expect(within(alert).getByText('GitHub was not linked')).toBeTruthy());
    expect(alert.textContent).toContain(account.linked.refused.account_already_linked_to_different_user);
  });

  it("a GitHub account with another address than the user's is not linked, and the page says which and why", async () => {
    const user = await signedInUser(server);
    const number = ++githubUser;
    github.setEmail(number, `someone-else-${number}@example.com`);
    const first = renderApp(server, '/account/linked', { auth: user.auth });
    await userEvent.setup({ document }).click(await screen.findByRole('button', { name: 'Link GitHub' }));
    await waitFor(() => expect(window.location.href.startsWith(`${github.url}/login/oauth/authorize?`)).toBe(true));
    const state = new URL(window.location.href).searchParams.get('state');
    const callback = await user.auth.fetch(
      `${server.baseURL}/api/auth/callback/github?code=user-${number}&state=${state}`,
      { redirect: 'manual' },
    );
    const back = new URL(callback.headers.get('location')!, server.baseURL);
    expect(back.pathname).toBe('/account/linked');
    expect(back.searchParams.get('error')).toBe('unable_to_link_account');
    expect(back.searchParams.get('provider')).toBe('github');
    expect((await user.auth.client.listAccounts()).data?.map((a) => a.providerId)).toEqual(['credential']);

    first.unmount();
    renderApp(server, back.pathname + back.search, { auth: user.auth });
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(within(alert).getByText('GitHub was not linked')).toBeTruthy());
    // The reason, with the address the provider's must match.
    await waitFor(() =>
      expect(alert.textContent).toContain(
        account.linked.refused.unable_to_link_account.replace('{{email}}', user.email),
      ),
    );
    expect(alert.textContent).not.toContain(auth.errorPage.codes.unable_to_link_account);
  });

  it('a provider named in the address but not enabled is not named, and another flow error keeps the sign-in page’s sentence', async () => {
    const user = await signedInUser(server);
    renderApp(server, '/account/linked?error=state_mismatch&provider=evil', { auth: user.auth });
    const alert = await screen.findByRole('alert');
    await screen.findByRole('button', { name: 'Link GitHub' });
    expect(within(alert).getByText(account.linked.refused.titleUnknown)).toBeTruthy();
    expect(alert.textContent).toContain(auth.errorPage.codes.state_mismatch);
  });
});
