import '../support/dom';
/**
 * The security page's passkeys against a real server: the list (name, date added, where it is
 * kept), adding one through the browser's registration ceremony (navigator.credentials backed by
 * the software authenticator), a prompt the user closed said in the dialog with nothing added,
 * renaming and deleting, each checked on the server.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppAuth } from '../../src/lib/auth';
import { createUser } from '../auth/auth-test-helpers';
import { renderApp, useTestServer } from '../support/render-app';
import { toastSaying } from '../support/toast';
import type { BrowserWebAuthn } from '../../../../packages/server/test/support/browser-webauthn';
import { installSoftCredentials, registerPasskey } from './soft-credentials';

const server = useTestServer();
let credentials: BrowserWebAuthn | undefined;
afterEach(() => {
  credentials?.uninstall();
  credentials = undefined;
});

async function openSection(auth: AppAuth) {
  renderApp(server, '/account/security', { auth });
  await screen.findByRole('heading', { level: 2, name: 'Passkeys' });
}

async function serverPasskeys(auth: AppAuth) {
  const { data, error } = await auth.client.passkey.listUserPasskeys();
  expect(error).toBeNull();
  return data!;
}

const rows = () => within(screen.getByRole('list', { name: 'Passkeys' })).getAllByTestId('passkey-row');

describe('the passkeys section', () => {
  it('says when there is none, and lists each passkey with its name, date and where it is kept', async () => {
    const empty = await createUser(server);
    await openSection(empty.auth);
    expect(await screen.findByText('You have no passkeys yet. Add one to sign in without a password.')).toBeTruthy();

    const user = await createUser(server);
    await registerPasskey(user.auth, server.baseURL, 'Laptop');
    await registerPasskey(user.auth, server.baseURL, 'Phone');
    cleanup();
    await openSection(user.auth);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [laptop, phone] = rows();
    expect(within(laptop!).getByRole('heading', { level: 3 }).textContent).toBe('Laptop');
    expect(within(phone!).getByRole('heading', { level: 3 }).textContent).toBe('Phone');
    expect(laptop!.textContent).toContain('Added:');
    expect(laptop!.textContent).toContain('Kept:On this device only');
  });

  it('adds a passkey through the browser’s ceremony, named as the user asked', async () => {
    const user = await createUser(server);
    credentials = installSoftCredentials(server.baseURL);
    await openSection(user.auth);
    const ui = userEvent.setup({ document });
    await ui.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    const name = within(dialog).getByLabelText(/^Passkey name/) as HTMLInputElement;
    // Proposed from the browser and system; the user's own name replaces it.
    expect(name.value).not.toBe('');
    await ui.clear(name);
    await ui.type(name, 'Laptop');
    await ui.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await toastSaying('Passkey “Laptop” added.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rows()).toHaveLength(1));
    const [stored] = await serverPasskeys(user.auth);
    expect(stored).toMatchObject({ name: 'Laptop', credentialID: credentials.authenticator.id });
  });

  it('a prompt the user closed is said in the dialog, and adds nothing', async () => {
    const user = await createUser(server);
    credentials = installSoftCredentials(server.baseURL);
    credentials.refuseNext();
    await openSection(user.auth);
    const ui = userEvent.setup({ document });
    await ui.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await ui.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('No passkey was created: the request was cancelled or timed out.');
    expect(await serverPasskeys(user.auth)).toEqual([]);
    // The dialog stays, so the user can try again.
    await ui.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await serverPasskeys(user.auth)).toHaveLength(1);
  });

  it('renames a passkey', async () => {
    const user = await createUser(server);
    await registerPasskey(user.auth, server.baseURL, 'Laptop');
    await openSection(user.auth);
    const ui = userEvent.setup({ document });
    await ui.click(await screen.findByRole('button', { name: 'Rename Laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const name = within(dialog).getByLabelText(/^Passkey name/) as HTMLInputElement;
    expect(name.value).toBe('Laptop');
    await ui.clear(name);
    await ui.type(name, 'Work laptop');
    await ui.click(within(dialog).getByRole('button', { name: 'Save' }));
    await toastSaying('Passkey renamed to “Work laptop”.');
    await waitFor(() => expect(within(rows()[0]!).getByRole('heading', { level: 3 }).textContent).toBe('Work laptop'));
    expect((await serverPasskeys(user.auth)).map((passkey) => passkey.name)).toEqual(['Work laptop']);
  });

  it('deletes a passkey after a confirmation', async () => {
    const user = await createUser(server);
    await registerPasskey(user.auth, server.baseURL, 'Laptop');
    await registerPasskey(user.auth, server.baseURL, 'Phone');
    await openSection(user.auth);
    const ui = userEvent.setup({ document });
    await ui.click(await screen.findByRole('button', { name: 'Delete Laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this passkey?' });
    expect(dialog.textContent).toContain('“Laptop” will no longer sign you in.');
    await ui.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await toastSaying('Passkey “Laptop” deleted.');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect((await serverPasskeys(user.auth)).map((passkey) => passkey.name)).toEqual(['Phone']);
  });
});
