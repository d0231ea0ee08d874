import '../support/dom';
/**
 * The sign-in's second step against a real server: a user with two-factor on is taken from the
 * sign-in form to /sign-in/two-factor, and lands where sign-in would have sent them once a code
 * from the authenticator app, a backup code or a mailed code checks out; a wrong code is shown at
 * the field and signs nobody in; "trust this device" lets the next sign-in skip the step.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import errors from '../../src/locales/en/errors.json';
import { createTestAuth, renderApp, useTestServer } from '../support/render-app';
import { PASSWORD } from '../support/test-server';
import { toastSaying } from '../support/toast';
import { totpCode, userWithTwoFactor } from './two-factor-test-helpers';

const server = useTestServer();

/** Signs in through the form from a new browser; resolves on the second step's screen. */
async function signInToSecondStep(email: string, redirectTo = '/organizations') {
  const auth = createTestAuth(server);
  const rendered = renderApp(server, `/sign-in?redirectTo=${encodeURIComponent(redirectTo)}`, { auth });
  const ui = userEvent.setup({ document });
  await ui.type(await screen.findByLabelText(/^E-mail or username/), email);
  await ui.type(screen.getByLabelText(/^Password/), PASSWORD);
  await ui.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { level: 1, name: 'Two-step verification' });
  expect(rendered.router.state.location.pathname).toBe('/sign-in/two-factor');
  expect((await auth.client.getSession()).data).toBeNull();
  return { ...rendered, auth, ui };
}

describe('the second step of sign-in', () => {
  it('a code from the authenticator app finishes the sign-in and goes on to redirectTo', async () => {
    const user = await userWithTwoFactor(server);
    const { auth, router, ui } = await signInToSecondStep(user.email);
    await ui.type(screen.getByLabelText(/^Code/), totpCode(user.secret, 1));
    await ui.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations'));
    expect((await auth.client.getSession()).data?.user.email).toBe(user.email);
  });

  it('a wrong code is shown at the field and signs nobody in', async () => {
    const user = await userWithTwoFactor(server);
    const { auth, router, ui } = await signInToSecondStep(user.email);
    await ui.type(screen.getByLabelText(/^Code/), '000000');
    await ui.click(screen.getByRole('button', { name: 'Verify' }));
    const field = screen.getByLabelText(/^Code/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(errors.INVALID_CODE);
    expect(router.state.location.pathname).toBe('/sign-in/two-factor');
    expect((await auth.client.getSession()).data).toBeNull();
  });

  it('a backup code finishes the sign-in, and works only once', async () => {
    const user = await userWithTwoFactor(server);
    const [code] = user.backupCodes;
    const first = await signInToSecondStep(user.email);
    await first.ui.click(screen.getByRole('button', { name: 'Use a backup code' }));
    await first.ui.type(screen.getByLabelText(/^Backup code/), code!);
    await first.ui.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/organizations'));
    expect((await first.auth.client.getSession()).data?.user.email).toBe(user.email);
    first.unmount();

    const second = await signInToSecondStep(user.email);
    await second.ui.click(screen.getByRole('button', { name: 'Use a backup code' }));
    await second.ui.type(screen.getByLabelText(/^Backup code/), code!);
    await second.ui.click(screen.getByRole('button', { name: 'Verify' }));
    const field = screen.getByLabelText(/^Backup code/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect((await second.auth.client.getSession()).data).toBeNull();
  });

  it('a code sent by e-mail finishes the sign-in of a user who chose mailed codes', async () => {
    const user = await userWithTwoFactor(server);
    // Mailed codes are a second factor only for a user who turned them on (beside the app here).
    const chosen = await user.auth.client.twoFactor.enable({ password: PASSWORD, method: 'otp' });
    expect(chosen.error).toBeNull();
    const { auth, router, ui } = await signInToSecondStep(user.email);
    await ui.click(screen.getByRole('button', { name: 'Send a code by e-mail' }));
    await toastSaying('A code is on its way to your inbox.');
    const mail = server.outbox.list().find((m) => m.to === user.email && /\b\d{6}\b/.test(m.text));
    expect(mail).toBeTruthy();
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    await ui.type(screen.getByLabelText(/^Code/), code);
    await ui.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations'));
    expect((await auth.client.getSession()).data?.user.email).toBe(user.email);
  });

  it('"trust this device" lets the next sign-in from that browser skip the step', async () => {
    const user = await userWithTwoFactor(server);
    const { auth, router, ui } = await signInToSecondStep(user.email);
    await ui.type(screen.getByLabelText(/^Code/), totpCode(user.secret, 1));
    await ui.click(screen.getByRole('checkbox', { name: 'Trust this device for 30 days' }));
    await ui.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations'));
    await auth.client.signOut();
    const again = await auth.client.signIn.email({ email: user.email, password: PASSWORD });
    expect(again.error).toBeNull();
    expect((await auth.client.getSession()).data?.user.email).toBe(user.email);
  });
});

describe('a sign-in a redirect flow held for the second step', () => {
  /**
   * A browser whose sign-in the server holds (its two_factor cookie), landing where a provider's
   * callback or a verification link sends it: `landing` with the server's `twoFactorRedirect`.
   */
  async function landHeld(email: string, landing: string) {
    const auth = createTestAuth(server);
    const held = await auth.client.signIn.email({ email, password: PASSWORD });
    expect(held.data).toMatchObject({ twoFactorRedirect: true });
    const rendered = renderApp(server, `${landing}&twoFactorRedirect=true&twoFactorMethods=totp`, { auth });
    await screen.findByRole('heading', { level: 1, name: 'Two-step verification' });
    expect(rendered.router.state.location.pathname).toBe('/sign-in/two-factor');
    return { ...rendered, auth, ui: userEvent.setup({ document }) };
  }

  it("a provider's sign-in back on the sign-in page goes on to the second step, offering only what the server named", async () => {
    const user = await userWithTwoFactor(server);
    const { auth, router, ui } = await landHeld(
      user.email,
      `/sign-in?redirectTo=${encodeURIComponent('/organizations')}`,
    );
    expect(screen.queryByRole('button', { name: 'Send a code by e-mail' })).toBeNull();
    await ui.type(screen.getByLabelText(/^Code/), totpCode(user.secret, 1));
    await ui.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations'));
    expect((await auth.client.getSession()).data?.user.email).toBe(user.email);
  });

  it("a verification link's sign-in goes on to the second step, then to where the link led", async () => {
    const user = await userWithTwoFactor(server);
    const landing = `/verify-email?verified=1&redirectTo=${encodeURIComponent('/organizations')}`;
    const { auth, router, ui } = await landHeld(user.email, landing);
    await ui.type(screen.getByLabelText(/^Code/), totpCode(user.secret, 1));
    await ui.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations'));
    expect((await auth.client.getSession()).data?.user.email).toBe(user.email);
  });
});
