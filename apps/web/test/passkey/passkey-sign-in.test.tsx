import '../support/dom';
/**
 * "Sign in with a passkey" against a real server, the browser's part played by the software
 * authenticator behind navigator.credentials: the user lands where a password sign-in would have
 * sent them, signed in; a prompt the user closed is said plainly and signs nobody in. The e-mail
 * field offers passkeys in its autofill (autocomplete="username webauthn").
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../auth/auth-test-helpers';
import { createTestAuth, renderApp, useTestServer } from '../support/render-app';
import type { BrowserWebAuthn } from '../../../../packages/server/test/support/browser-webauthn';
import { installSoftCredentials, registerPasskey } from './soft-credentials';

const server = useTestServer();
let credentials: BrowserWebAuthn | undefined;
afterEach(() => {
  credentials?.uninstall();
  credentials = undefined;
});

/** A user with a passkey, its authenticator behind this page's navigator.credentials. */
async function userWithPasskey() {
  const user = await createUser(server);
  const { authenticator } = await registerPasskey(user.auth, server.baseURL, 'Laptop');
  credentials = installSoftCredentials(server.baseURL, authenticator);
  return user;
}

/** The browser's prompt answers after `ms`, as a person closing it would. */
function answerAfter(ms: number) {
  const credentialsApi = navigator.credentials as unknown as { get(options: unknown): Promise<unknown> };
  const get = credentialsApi.get;
  credentialsApi.get = async (options) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return get(options);
  };
}

describe('sign-in with a passkey', () => {
  it('signs in without an e-mail or password and goes on to redirectTo', async () => {
    const user = await userWithPasskey();
    const auth = createTestAuth(server);
    const { router } = renderApp(server, `/sign-in?redirectTo=${encodeURIComponent('/organizations')}`, { auth });
    const ui = userEvent.setup({ document });
    await ui.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations'));
    expect((await auth.client.getSession()).data?.user.email).toBe(user.email);
    expect(credentials!.authenticator.counter).toBe(2);
  });

  it('a prompt the user closed is said plainly and signs nobody in', async () => {
    await userWithPasskey();
    credentials!.refuseNext();
    answerAfter(1000);
    const auth = createTestAuth(server);
    const { router } = renderApp(server, '/sign-in', { auth });
    const ui = userEvent.setup({ document });
    await ui.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The passkey sign-in was cancelled or timed out.');
    expect(router.state.location.pathname).toBe('/sign-in');
    expect((await auth.client.getSession()).data).toBeNull();
  });

  it('a browser that answers at once that it holds no passkey: said so, without waiting', async () => {
    await createUser(server);
    // The authenticator holds no passkey of this server's: the browser refuses as soon as asked.
    credentials = installSoftCredentials(server.baseURL);
    credentials.refuseNext();
    renderApp(server, '/sign-in');
    const ui = userEvent.setup({ document });
    await ui.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('No passkey for this site was found on this device.');
  });

  it('the e-mail field offers passkeys in its autofill', async () => {
    renderApp(server, '/sign-in');
    const field = await screen.findByLabelText(/^E-mail or username/);
    expect(field.getAttribute('autocomplete')).toBe('username webauthn');
  });
});
