/**
 * The app's one cache against a real server: a change made anywhere refreshes every screen that
 * shows what it changed, through the client's success events (no screen invalidates another's
 * data by hand), and a different user signing in on the same page never sees the previous user's
 * answers, not even for a moment.
 */
import './support/dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createOrganization, signUp } from './organization/organization-fixtures';
import { renderApp, useTestServer } from './support/render-app';
import { PASSWORD } from './support/test-server';

const server = useTestServer();

const uniqueName = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 7)}`;

/** Whether `shown()` is ever true from now on, checked at every change of the page, not only at the end. */
function watchFor(shown: () => boolean): { seen(): boolean; stop(): void } {
  let seen = false;
  const check = () => {
    if (shown()) seen = true;
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  check();
  return { seen: () => (check(), seen), stop: () => observer.disconnect() };
}

describe('one cache for the whole app', () => {
  it('an organization created through the client shows in the header switcher of the screen on view', async () => {
    const me = await signUp(server, 'Una');
    renderApp(server, '/account', { auth: me.auth });
    await screen.findByRole('heading', { level: 1, name: 'Account' });
    expect(screen.queryByTestId('organization-switcher')).toBeNull();

    // Straight through the client, as no screen of the app would: only its success event tells the cache.
    const name = uniqueName('Evented');
    await act(() => createOrganization(me, name));
    const switcher = await screen.findByTestId('organization-switcher');
    await waitFor(() => expect(switcher.getAttribute('aria-label')).toBe(`Active organization: ${name}`));
  });

  it('renaming an organization in its settings renames it in the header switcher', async () => {
    const me = await signUp(server, 'Vic');
    const organization = await createOrganization(me, uniqueName('Before'));
    const user = userEvent.setup({ document });
    renderApp(server, `/organizations/${organization.id}`, { auth: me.auth });
    await screen.findByRole('button', { name: `Active organization: ${organization.name}` });

    const renamed = uniqueName('After');
    const nameField = await screen.findByLabelText(/^Name/);
    await user.clear(nameField);
    await user.type(nameField, renamed);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: `Active organization: ${renamed}` })).toBeTruthy();
  });

  it("after sign-out and another user's sign-in, none of the first user's data is ever shown", async () => {
    const first = await signUp(server, 'Wes');
    const secret = await createOrganization(first, uniqueName('Private'));
    const second = await signUp(server, 'Xia');
    const user = userEvent.setup({ document });
    const { router } = renderApp(server, '/organizations', { auth: first.auth });
    const list = await screen.findByRole('list', { name: 'Your organizations' });
    expect(within(list).getByText(secret.name)).toBeTruthy();

    await user.click(screen.getByTestId('user-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    // The first user's organization, by name in a list or as the header's switcher (the second user has none).
    const leak = watchFor(
      () =>
        Boolean(document.body.textContent?.includes(secret.name)) ||
        document.querySelector('[data-testid="organization-switcher"]') !== null,
    );
    try {
      await user.type(await screen.findByLabelText(/^E-mail or username/), second.email);
      await user.type(screen.getByLabelText(/^Password/), PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      // Back to the page the sign-out left (the guard's redirectTo), or on to the account.
      await waitFor(() => expect(router.state.location.pathname).not.toBe('/sign-in'));
      if (router.state.location.pathname !== '/organizations') await act(() => router.navigate('/organizations'));
      expect(await screen.findByText(/not a member of any organization/)).toBeTruthy();
      expect(leak.seen()).toBe(false);
    } finally {
      leak.stop();
    }
  });
});
