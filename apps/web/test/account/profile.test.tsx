import '../support/dom';
/**
 * The profile form against a real server: a username another user holds is refused at the
 * username field; an http:// picture is refused with the reason; a valid change is saved on the
 * server and the form says so.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import account from '../../src/locales/en/account.json';
import errors from '../../src/locales/en/errors.json';
import { renderApp, useTestServer } from '../support/render-app';
import { signedInUser } from './signed-in-user';

const server = useTestServer();

function describedText(field: HTMLElement): string | null | undefined {
  return document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
}

describe('profile', () => {
  it('a username held by another user is shown as taken at the username field', async () => {
    const taken = `taken_${Math.random().toString(36).slice(2, 8)}`;
    await signedInUser(server, { username: taken });
    const user = await signedInUser(server);
    renderApp(server, '/account', { auth: user.auth });
    const ui = userEvent.setup({ document });
    const field = await screen.findByLabelText('Username');
    await ui.type(field, taken.toUpperCase());
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(field)).toBe(errors.USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('an invalid username is refused inline before sending', async () => {
    const user = await signedInUser(server);
    renderApp(server, '/account', { auth: user.auth });
    const ui = userEvent.setup({ document });
    const field = await screen.findByLabelText('Username');
    await ui.type(field, 'no spaces');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(describedText(field)).toBe('Letters, digits, underscores and dots only'));
  });

  it('refuses an http:// picture, which the page could never show, with the reason, and saves nothing', async () => {
    const user = await signedInUser(server);
    renderApp(server, '/account', { auth: user.auth });
    const ui = userEvent.setup({ document });
    const field = await screen.findByLabelText('Picture URL');
    await ui.type(field, 'http://example.com/grace.png');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(describedText(field)).toBe(account.profile.imageHttpsOnly));
    expect(screen.queryByRole('status')).toBeNull();
    const { data } = await user.auth.client.getSession({ query: { disableCookieCache: true } });
    expect(data?.user.image ?? null).toBeNull();
  });

  it('saves name, picture, username and display username on the server and shows "Saved"', async () => {
    const user = await signedInUser(server, { name: 'Old Name' });
    renderApp(server, '/account', { auth: user.auth });
    const ui = userEvent.setup({ document });
    const name = await screen.findByLabelText(/^Name/);
    expect(screen.getByTestId('account-email').textContent).toBe(user.email);
    expect(screen.getByText('Not verified')).toBeTruthy();

    const handle = `grace_${Math.random().toString(36).slice(2, 8)}`;
    await ui.clear(name);
    await ui.type(name, 'Grace Hopper');
    await ui.type(screen.getByLabelText('Picture URL'), 'https://example.com/grace.png');
    await ui.type(screen.getByLabelText('Username'), handle);
    await ui.type(screen.getByLabelText('Display username'), handle.toUpperCase());
    await ui.click(screen.getByRole('button', { name: 'Save' }));

    // The outcome is told by the app's one toast system.
    const toast = await screen.findByTestId('toast');
    expect(toast.getAttribute('role')).toBe('status');
    expect(toast.textContent).toBe('Saved');
    const { data } = await user.auth.client.getSession({ query: { disableCookieCache: true } });
    expect(data?.user).toMatchObject({
      name: 'Grace Hopper',
      image: 'https://example.com/grace.png',
      username: handle,
      displayUsername: handle.toUpperCase(),
    });
  });
});
