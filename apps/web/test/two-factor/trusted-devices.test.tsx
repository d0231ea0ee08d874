import '../support/dom';
/**
 * The trusted devices under Account → Security against a real server: the browser trusted at the
 * second step is listed with its dates and marked "This device"; "Forget" asks first, then the
 * browser is no longer trusted and its next sign-in asks the second step again. Without two-factor
 * and without trusted browsers the section is not shown.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AppAuth } from '../../src/lib/auth';
import { createUser } from '../auth/auth-test-helpers';
import { createTestAuth, renderApp, useTestServer } from '../support/render-app';
import { PASSWORD } from '../support/test-server';
import { userWithTwoFactor, type TwoFactorUser } from './two-factor-test-helpers';

const server = useTestServer();

/** A new browser that signs in and passes the second step with a backup code, trusting itself. */
async function trustedBrowser(user: TwoFactorUser): Promise<AppAuth> {
  const auth = createTestAuth(server);
  const signIn = await auth.client.signIn.email({ email: user.email, password: PASSWORD });
  expect(signIn.data).toMatchObject({ twoFactorRedirect: true });
  const verified = await auth.client.twoFactor.verifyBackupCode({ code: user.backupCodes[0]!, trustDevice: true });
  expect(verified.error).toBeNull();
  return auth;
}

async function openSecurity(auth: AppAuth) {
  renderApp(server, '/account/security', { auth });
  await screen.findByRole('heading', { level: 2, name: 'Two-factor authentication' });
}

describe('the trusted devices section', () => {
  it('lists this browser with its dates, and "Forget" (after confirming) makes it ask the second step again', async () => {
    const user = await userWithTwoFactor(server);
    const auth = await trustedBrowser(user);
    await openSecurity(auth);
    await screen.findByRole('heading', { level: 2, name: 'Trusted devices' });
    const list = await screen.findByRole('list', { name: 'Trusted devices' });
    const row = within(list).getByTestId('trusted-device-row');
    expect(row.dataset.current).toBe('true');
    expect(within(row).getByText('This device')).toBeTruthy();
    for (const term of ['Trusted:', 'Last used:', 'Expires:']) expect(within(row).getByText(term)).toBeTruthy();

    const ui = userEvent.setup({ document });
    await ui.click(within(row).getByRole('button', { name: /^Forget / }));
    const dialog = await screen.findByRole('dialog', { name: 'Forget this device?' });
    expect(dialog.textContent).toMatch(/will ask for the second step again/);
    await ui.click(within(dialog).getByRole('button', { name: 'Forget' }));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toMatch(/ is no longer trusted\.$/));
    await screen.findByText(/^No trusted devices\./);
    expect(screen.queryByTestId('trusted-device-row')).toBeNull();

    const listed = await auth.client.twoFactor.listTrustedDevices();
    expect(listed.data).toEqual([]);
    await auth.client.signOut();
    const again = await auth.client.signIn.email({ email: user.email, password: PASSWORD });
    expect(again.data).toMatchObject({ twoFactorRedirect: true });
  });

  it('marks only the browser asking as this device; closing the dialog forgets nothing', async () => {
    const user = await userWithTwoFactor(server);
    await trustedBrowser(user);
    await openSecurity(user.auth);
    const list = await screen.findByRole('list', { name: 'Trusted devices' });
    const row = within(list).getByTestId('trusted-device-row');
    expect(row.dataset.current).toBeUndefined();
    expect(within(row).queryByText('This device')).toBeNull();
    const ui = userEvent.setup({ document });
    await ui.click(within(row).getByRole('button', { name: /^Forget / }));
    const dialog = await screen.findByRole('dialog', { name: 'Forget this device?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await user.auth.client.twoFactor.listTrustedDevices()).data).toHaveLength(1);
  });

  it('is not shown while two-factor is off and no browser is trusted', async () => {
    const user = await createUser(server);
    await openSecurity(user.auth);
    await screen.findByText('Two-factor authentication is off.');
    expect(screen.queryByRole('heading', { name: 'Trusted devices' })).toBeNull();
  });
});
