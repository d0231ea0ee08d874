import '../support/dom';
/**
 * The account's security section against a real server: turning two-factor on takes the password,
 * shows the QR code drawn in the browser, the key and ten backup codes, and is on only once a code
 * from the app checks out; a wrong password or code is shown at its field; new backup codes replace
 * the old ones; turning it off takes the password.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AppAuth } from '../../src/lib/auth';
import errors from '../../src/locales/en/errors.json';
import { createUser } from '../auth/auth-test-helpers';
import { renderApp, useTestServer } from '../support/render-app';
import { PASSWORD } from '../support/test-server';
import { toastSaying } from '../support/toast';
import { totpCode, userWithTwoFactor } from './two-factor-test-helpers';

const server = useTestServer();

const status = () => screen.getByTestId('two-factor-status').textContent;

async function openSection(auth: AppAuth) {
  renderApp(server, '/account/security', { auth });
  await screen.findByRole('heading', { level: 2, name: 'Two-factor authentication' });
}

describe('the security section', () => {
  it('turning two-factor on: password, QR code, key and backup codes, then a first code turns it on', async () => {
    const user = await createUser(server);
    await openSection(user.auth);
    expect(status()).toBe('Two-factor authentication is off.');
    const ui = userEvent.setup({ document });
    await ui.type(screen.getByLabelText(/^Password/), PASSWORD);
    await ui.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const secret = screen.getByTestId('totp-key').textContent!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const codes = within(screen.getByRole('list', { name: 'Backup codes' })).getAllByRole('listitem');
    expect(codes).toHaveLength(10);
    // Not on until a first code.
    expect(status()).toBe('Two-factor authentication is off.');
    expect((await user.auth.client.getSession()).data?.user.twoFactorEnabled).not.toBe(true);

    await ui.type(screen.getByLabelText(/^Code/), '000000');
    await ui.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    const field = screen.getByLabelText(/^Code/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(errors.INVALID_CODE);

    await ui.clear(field);
    await ui.type(field, totpCode(secret));
    await ui.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    await toastSaying('Two-factor authentication is on.');
    await waitFor(() => expect(status()).toBe('Two-factor authentication is on.'));
    expect((await user.auth.client.getSession()).data?.user.twoFactorEnabled).toBe(true);
  });

  it('a wrong password is shown at the field and turns nothing on', async () => {
    const user = await createUser(server);
    await openSection(user.auth);
    const ui = userEvent.setup({ document });
    await ui.type(screen.getByLabelText(/^Password/), 'not my password');
    await ui.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    const field = screen.getByLabelText(/^Password/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(errors.INVALID_PASSWORD);
    expect(screen.queryByRole('img', { name: 'QR code for your authenticator app' })).toBeNull();
  });

  it('new backup codes replace the old ones, and turning it off takes the password', async () => {
    const user = await userWithTwoFactor(server);
    await openSection(user.auth);
    await waitFor(() => expect(status()).toBe('Two-factor authentication is on.'));
    const ui = userEvent.setup({ document });

    const regenerate = screen.getByRole('form', { name: 'New backup codes' });
    await ui.type(within(regenerate).getByLabelText(/^Password/), PASSWORD);
    await ui.click(within(regenerate).getByRole('button', { name: 'Make new backup codes' }));
    await toastSaying('New backup codes made. The old ones no longer work.');
    const fresh = within(screen.getByRole('list', { name: 'Backup codes' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(user.backupCodes[0]);

    const turnOff = screen.getByRole('form', { name: 'Turn off' });
    // Red, as every button that takes something away.
    expect(within(turnOff).getByRole('button', { name: 'Turn off two-factor authentication' }).className).toContain(
      'MuiButton-colorError',
    );
    await ui.type(within(turnOff).getByLabelText(/^Password/), PASSWORD);
    await ui.click(within(turnOff).getByRole('button', { name: 'Turn off two-factor authentication' }));
    await toastSaying('Two-factor authentication is off.');
    await waitFor(() => expect(status()).toBe('Two-factor authentication is off.'));
    expect((await user.auth.client.getSession()).data?.user.twoFactorEnabled).toBe(false);
  });
});
