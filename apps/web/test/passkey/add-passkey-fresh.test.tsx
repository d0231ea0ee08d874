import '../support/dom';
/**
 * Adding a passkey needs a recent sign-in (a fresh session, as better-auth asks): on a session
 * past the server's fresh age the dialog says so and offers "Sign in again", which signs out and
 * comes back to Account → Security after the sign-in, where the passkey is then added.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserWebAuthn } from '../../../../packages/server/test/support/browser-webauthn';
import { createUser } from '../auth/auth-test-helpers';
import { renderApp, useTestServer } from '../support/render-app';
import { offsetClock, PASSWORD } from '../support/test-server';
import { installSoftCredentials } from './soft-credentials';

/** The server's clock moves past the fresh age by hand: the test's session gets old without waiting. */
const FRESH_AGE = 60;
const clock = offsetClock();
const server = useTestServer({ freshAge: FRESH_AGE, now: clock.now });
let credentials: BrowserWebAuthn | undefined;
afterEach(() => credentials?.uninstall());

describe('adding a passkey on a session that is not fresh', () => {
  it('asks to sign in again, and after it adds the passkey', async () => {
    const user = await createUser(server);
    clock.advance(FRESH_AGE + 1);
    credentials = installSoftCredentials(server.baseURL);
    const { router } = renderApp(server, '/account/security', { auth: user.auth });
    const ui = userEvent.setup({ document });
    await ui.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await ui.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const prompt = await within(dialog).findByRole('alert');
    expect(prompt.textContent).toContain('For your security this needs a recent sign-in.');
    expect((await user.auth.client.passkey.listUserPasskeys()).data).toEqual([]);

    await ui.click(within(prompt).getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    await ui.type(await screen.findByLabelText(/^E-mail or username/), user.email);
    await ui.type(screen.getByLabelText(/^Password/), PASSWORD);
    await ui.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/security'));

    await ui.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await ui.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const passkeys = (await user.auth.client.passkey.listUserPasskeys()).data;
    expect(passkeys?.map((passkey) => passkey.credentialID)).toEqual([credentials.authenticator.id]);
  });
});
