import '../support/dom';
/**
 * The change-password form against a real server: a wrong current password is shown at that
 * field, a short new password is refused before sending, and a change with "sign out other
 * devices" ends the other device's session on the server.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import errors from '../../src/locales/en/errors.json';
import { renderApp, useTestServer } from '../support/render-app';
import { toastSaying } from '../support/toast';
import { otherDevice, signedInUser } from './signed-in-user';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

const server = useTestServer();

async function openForm() {
  const user = await signedInUser(server);
  renderApp(server, '/account/password', { auth: user.auth });
  await screen.findByRole('heading', { level: 2, name: 'Change password' });
  return user;
}

describe('change password', () => {
  it('gives the same password rule as sign-up', async () => {
    await openForm();
    const field = screen.getByLabelText(/^New password/);
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe('8 to 128 characters');
  });

  it('a wrong current password is shown at the current password field', async () => {
    await openForm();
    const ui = userEvent.setup({ document });
    await ui.type(screen.getByLabelText(/Current password/), 'not my password');
    await ui.type(screen.getByLabelText(/^New password/), 'a brand new password');
    await ui.type(screen.getByLabelText(/Repeat the new password/), 'a brand new password');
    await ui.click(screen.getByRole('button', { name: 'Change password' }));
    const field = screen.getByLabelText(/Current password/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(errors.INVALID_PASSWORD);
  });

  it('a new password under 8 characters is refused inline without a request', async () => {
    const user = await openForm();
    const ui = userEvent.setup({ document });
    await ui.type(screen.getByLabelText(/Current password/), user.password);
    await ui.type(screen.getByLabelText(/^New password/), 'short');
    await ui.type(screen.getByLabelText(/Repeat the new password/), 'short');
    await ui.click(screen.getByRole('button', { name: 'Change password' }));
    const field = screen.getByLabelText(/^New password/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe('At least 8 characters');
    // The old password still works: nothing was sent.
    const check = await user.auth.client.signIn.email({ email: user.email, password: user.password });
    expect(check.error).toBeNull();
  });

  it('with "sign out other devices" the other session ends on the server and the new password works', async () => {
    const user = await openForm();
    const phone = await otherDevice(server, user, FIREFOX);
    expect((await phone.client.getSession({ query: { disableCookieCache: true } })).data).not.toBeNull();

    const ui = userEvent.setup({ document });
    await ui.type(screen.getByLabelText(/Current password/), user.password);
    await ui.type(screen.getByLabelText(/^New password/), 'a brand new password');
    await ui.type(screen.getByLabelText(/Repeat the new password/), 'a brand new password');
    await ui.click(screen.getByRole('checkbox', { name: 'Sign out other devices' }));
    await ui.click(screen.getByRole('button', { name: 'Change password' }));

    await toastSaying('Your password was changed and your other devices were signed out.');
    expect((await phone.client.getSession({ query: { disableCookieCache: true } })).data).toBeNull();
    // This device got a new session and stays signed in.
    expect((await user.auth.client.getSession()).data?.user.email).toBe(user.email);
    const again = await phone.client.signIn.email({ email: user.email, password: 'a brand new password' });
    expect(again.error).toBeNull();
  });
});
