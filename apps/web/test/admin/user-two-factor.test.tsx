/**
 * The user page's two-factor block against a real server: on or off, and while on "Reset
 * two-factor" after a confirmation naming the user, after which the user signs in with the
 * password only and the block says off; a plain user's call is refused with the catalogue's entry.
 */
import '../support/dom';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppAuth } from '../../src/lib/auth';
import { createUser } from '../auth/auth-test-helpers';
import { createTestAuth, renderApp } from '../support/render-app';
import { PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { toastSaying } from '../support/toast';
import { totpCode, userWithTwoFactor } from '../two-factor/two-factor-test-helpers';
import { signInAdmin } from './admin-session';

let server: TestServer;
let admin: AppAuth;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
});
afterAll(() => server?.close());
afterEach(() => cleanup());

async function openTwoFactor(id: string) {
  renderApp(server, `/admin/users/${id}`, { auth: admin });
  await screen.findByRole('heading', { level: 1, name: 'Test User' });
  return within(screen.getByRole('region', { name: 'Two-factor authentication' }));
}

describe('the user page’s two-factor', () => {
  it('shows it on, and "Reset two-factor" (after confirming) turns it off: the next sign-in needs the password only', async () => {
    const user = await userWithTwoFactor(server);
    const block = await openTwoFactor(user.userId);
    expect(block.getByTestId('user-two-factor-status').textContent).toBe('Status:On');
    const ui = userEvent.setup({ document });
    await ui.click(block.getByRole('button', { name: 'Reset two-factor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor authentication?' });
    expect(dialog.textContent).toContain(user.email);
    await ui.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    await toastSaying(`Two-factor authentication of ${user.email} was reset.`);
    await waitFor(() => expect(block.getByTestId('user-two-factor-status').textContent).toBe('Status:Off'));
    expect(block.queryByRole('button', { name: 'Reset two-factor' })).toBeNull();

    const fresh = createTestAuth(server);
    const signIn = await fresh.client.signIn.email({ email: user.email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data).not.toHaveProperty('twoFactorRedirect');
    const events = await admin.client.admin.listAuditEvents({
      query: { userId: user.userId, type: 'two-factor-reset' },
    });
    expect(events.data?.events).toHaveLength(1);
  });

  it('shows it off without a reset button, and refuses a plain user’s reset', async () => {
    const user = await createUser(server);
    const block = await openTwoFactor(user.userId);
    expect(block.getByTestId('user-two-factor-status').textContent).toBe('Status:Off');
    expect(block.queryByRole('button', { name: 'Reset two-factor' })).toBeNull();

    const refused = await user.auth.client.admin.resetUserTwoFactor({ userId: user.userId });
    expect(refused.error).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_RESET_USERS_TWO_FACTOR_AUTHENTICATION',
    });
  });

  it('on the administrator’s own page, says their own goes off with the password instead of a reset button', async () => {
    const user = await userWithTwoFactor(server);
    expect((await admin.client.admin.setRole({ userId: user.userId, role: 'admin' })).error).toBeNull();
    // Signed in again (both steps), so the session says admin.
    const self = createTestAuth(server);
    const first = await self.client.signIn.email({ email: user.email, password: PASSWORD });
    expect(first.data).toMatchObject({ twoFactorRedirect: true });
    expect((await self.client.twoFactor.verifyTotp({ code: totpCode(user.secret) })).error).toBeNull();

    renderApp(server, `/admin/users/${user.userId}`, { auth: self });
    await screen.findByRole('heading', { level: 1, name: 'Test User' });
    const block = within(screen.getByRole('region', { name: 'Two-factor authentication' }));
    expect(block.getByTestId('user-two-factor-status').textContent).toBe('Status:On');
    expect(block.getByText(/turned off with your password/)).toBeTruthy();
    expect(block.queryByRole('button', { name: 'Reset two-factor' })).toBeNull();
  });
});
