/**
 * The header against a real server: the user menu (avatar with initials, name and e-mail, the
 * user's pages, Admin only for admins, sign-out) replaces the separate header buttons; the color
 * scheme menu switches to dark and remembers it; "Skip to content" is the first stop of Tab.
 */
import './support/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COLOR_SCHEME_STORAGE_KEY } from '../src/lib/theme';
import { signInAdmin, signInUser } from './admin/admin-session';
import { renderApp, useTestServer } from './support/render-app';
import { ADMIN_EMAIL } from './support/test-server';

const server = useTestServer();

describe('the header', () => {
  it('a user menu shows the initials, the name and e-mail, the pages and signs out', async () => {
    const user = userEvent.setup({ document });
    const member = await signInUser(server, undefined, 'Mia Member');
    const { router } = renderApp(server, '/account', { auth: member.auth });
    const button = await screen.findByRole('button', { name: 'User menu: Mia Member' });
    // The initials are shown; the name is read from hidden text, so it contains what is shown.
    expect(button.querySelector('[aria-hidden="true"]')?.textContent).toBe('MM');
    // The separate header buttons are gone: they live in the menu.
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(within(header).queryByRole('link', { name: 'Account' })).toBeNull();

    await user.click(button);
    const menu = await screen.findByRole('menu');
    expect(screen.getByTestId('user-menu-identity').textContent).toBe(`Mia Member${member.email}`);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Account', 'Organizations', 'Sign out']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('the menu of a platform admin has Admin, which opens the console', async () => {
    const user = userEvent.setup({ document });
    const admin = await signInAdmin(server);
    const { router } = renderApp(server, '/account', { auth: admin });
    await user.click(await screen.findByRole('button', { name: 'User menu: Ada Admin' }));
    const menu = await screen.findByRole('menu');
    expect(screen.getByTestId('user-menu-identity').textContent).toBe(`Ada Admin${ADMIN_EMAIL}`);
    await user.click(within(menu).getByRole('menuitem', { name: 'Admin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
  });

  it('the color scheme menu switches to dark and remembers the choice', async () => {
    const user = userEvent.setup({ document });
    renderApp(server, '/no/such/page');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    await user.click(screen.getByRole('button', { name: 'Color scheme: System' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Dark' }));
    await waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(true));
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    expect(screen.getByRole('button', { name: 'Color scheme: Dark' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Color scheme: Dark' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Light' }));
    await waitFor(() => expect(document.documentElement.classList.contains('light')).toBe(true));
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('light');
  });

  it('"Skip to content" is the first stop of Tab and moves the focus to the page', async () => {
    const user = userEvent.setup({ document });
    renderApp(server, '/no/such/page');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    await user.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
