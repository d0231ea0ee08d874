import '../support/dom';
/**
 * The profile form against a real server: a username another user holds is refused at the
 * username field; an http:// picture is refused with the reason; a valid change is saved on the
 * server and the form says so; an uploaded (data:) picture is shown, not spelled out in the URL
 * field, and "Remove picture" clears it on the server.
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

  it('an uploaded picture is shown, not its data: URL, and "Remove picture" clears it on the server', async () => {
    const user = await signedInUser(server);
    const picture = `data:image/png;base64,${'A'.repeat(200)}`;
    const { error } = await user.auth.client.updateUser({ image: picture });
    expect(error).toBeNull();
    renderApp(server, '/account', { auth: user.auth });
    const ui = userEvent.setup({ document });
    expect((await screen.findByRole('img', { name: account.profile.avatarAlt })).getAttribute('src')).toBe(picture);
    expect(screen.getByText(account.profile.uploaded)).toBeTruthy();
    expect(screen.queryByLabelText('Picture URL')).toBeNull();
    for (const input of document.querySelectorAll('input')) expect(input.value.startsWith('data:')).toBe(false);

    await ui.click(screen.getByRole('button', { name: account.profile.removePicture }));
    expect(screen.queryByRole('img', { name: account.profile.avatarAlt })).toBeNull();
    expect((screen.getByLabelText('Picture URL') as HTMLInputElement).value).toBe('');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('toast');
    const { data } = await user.auth.client.getSession({ query: { disableCookieCache: true } });
    expect(data?.user.image ?? null).toBeNull();
  });

  it('a picture given by URL can be removed too', async () => {
    const user = await signedInUser(server);
    await user.auth.client.updateUser({ image: 'https://example.com/ada.png' });
    renderApp(server, '/account', { auth: user.auth });
    const ui = userEvent.setup({ document });
    expect(((await screen.findByLabelText('Picture URL')) as HTMLInputElement).value).toBe(
      'https://example.com/ada.png',
    );
    expect(screen.queryByText(account.profile.uploaded)).toBeNull();
    await ui.click(screen.getByRole('button', { name: account.profile.removePicture }));
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('toast');
    const { data } = await user.auth.client.getSession({ query: { disableCookieCache: true } });
    expect(data?.user.image ?? null).toBeNull();
  });
});
