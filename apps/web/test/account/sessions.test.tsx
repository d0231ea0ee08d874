import '../support/dom';
/**
 * The sessions list against a real server: this device is marked, another device is named from
 * its User-Agent, and revoking it (after the confirmation) ends it on the server and removes it
 * from the list.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, useTestServer } from '../support/render-app';
import { toastSaying } from '../support/toast';
import { otherDevice, signedInUser } from './signed-in-user';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const server = useTestServer();

describe('sessions', () => {
  it('marks this device and revokes another session on the server after confirmation', async () => {
    const user = await signedInUser(server);
    const laptop = await otherDevice(server, user, FIREFOX_WINDOWS);
    renderApp(server, '/account/sessions', { auth: user.auth });

    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(2));
    const [current, other] = screen.getAllByTestId('session-row') as [HTMLElement, HTMLElement];
    expect(current.dataset.current).toBe('true');
    expect(within(current).getByText('This device')).toBeTruthy();
    expect(within(other).queryByText('This device')).toBeNull();
    expect(within(other).getByText('Firefox 128 on Windows')).toBeTruthy();
    expect(within(other).getByText('127.0.0.1')).toBeTruthy();

    const ui = userEvent.setup({ document });
    await ui.click(within(other).getByRole('button', { name: 'Revoke the session on Firefox 128 on Windows' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this session?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    await toastSaying('The session on Firefox 128 on Windows was revoked.');
    expect((await laptop.client.getSession({ query: { disableCookieCache: true } })).data).toBeNull();
    expect((await user.auth.client.getSession({ query: { disableCookieCache: true } })).data).not.toBeNull();
  });

  it('"sign out all other devices" ends every other session and keeps this one', async () => {
    const user = await signedInUser(server);
    const laptop = await otherDevice(server, user, FIREFOX_WINDOWS);
    const phone = await otherDevice(server, user, SAFARI_IPHONE);
    renderApp(server, '/account/sessions', { auth: user.auth });
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(3));
    expect(screen.getByText('Safari 17 on iOS')).toBeTruthy();

    const ui = userEvent.setup({ document });
    await ui.click(screen.getByRole('button', { name: 'Sign out all other devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other devices?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Sign out all other devices' }));

    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    for (const device of [laptop, phone])
      expect((await device.client.getSession({ query: { disableCookieCache: true } })).data).toBeNull();
    await toastSaying('All other devices were signed out.');
    // Nothing left to sign out (once the dialog has gone).
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Sign out all other devices' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
  });
});
