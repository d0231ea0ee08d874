import '../support/dom';
/**
 * A session ended elsewhere (issue #17, item 3): two browsers of one user, each with its own cookie
 * jar; the first signs out every other device. In the second, the next action the server refuses
 * with a 401 (a save, or opening the session list), or the session read again when the window
 * regains focus, drops the session and lands on sign-in with "your session ended", keeping the page
 * to come back to after signing in again. Signing out here, and other 401s, say nothing of the kind.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import auth from '../../src/locales/en/auth.json';
import { renderApp, useTestServer, type RenderedApp } from '../support/render-app';
import { otherDevice, signedInUser } from './signed-in-user';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

const server = useTestServer();

async function twoBrowsers() {
  const user = await signedInUser(server, { name: 'Ada Lovelace' });
  const other = await otherDevice(server, user, FIREFOX_WINDOWS);
  return { user, first: user.auth, second: other };
}

async function expectSessionEndedAt(app: RenderedApp, ...returnTo: string[]): Promise<void> {
  expect((await screen.findByRole('status')).textContent).toBe(auth.sessionEnded.message);
  const { pathname, search } = app.router.state.location;
  expect(pathname).toBe('/sign-in');
  expect(returnTo).toContain(new URLSearchParams(search).get('redirectTo'));
  // The header no longer offers the menu (with its Sign out) of a session that is gone.
  expect(screen.queryByRole('button', { name: /^User menu/ })).toBeNull();
}

describe('a session ended in another browser', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saving in the other browser lands on sign-in with "your session ended", and signing in comes back', async () => {
    const { user, first, second } = await twoBrowsers();
    const requests = vi.spyOn(globalThis, 'fetch');
    const app = renderApp(server, '/account', { auth: second });
    const ui = userEvent.setup({ document });
    const name = await screen.findByLabelText(/^Name/);
    // The header reads the organization list once its texts have come: that read, made after the
    // revocation, would be the one to meet the 401, and the save would never be made.
    await waitFor(() =>
      expect(requests.mock.calls.some(([input]) => String(input).includes('/organization/list'))).toBe(true),
    );
    requests.mockRestore();

    expect((await first.client.revokeOtherSessions()).error).toBeNull();
    await ui.clear(name);
    await ui.type(name, 'Grace Hopper');
    await ui.click(screen.getByRole('button', { name: 'Save' }));

    await expectSessionEndedAt(app, '/account');
    await ui.type(screen.getByLabelText(/^E-mail or username/), user.email);
    await ui.type(screen.getByLabelText(/^Password/), user.password);
    await ui.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/account'));
    expect(await screen.findByLabelText(/^Name/)).toBeTruthy();
  });

  it('opening the session list in the other browser notices the revocation without a save', async () => {
    const { first, second } = await twoBrowsers();
    const app = renderApp(server, '/account', { auth: second });
    const ui = userEvent.setup({ document });
    await screen.findByLabelText(/^Name/);

    expect((await first.client.revokeOtherSessions()).error).toBeNull();
    await ui.click(screen.getByRole('link', { name: 'Sessions' }));

    // The click's navigation waits for the section's code and texts (loaded on first visit); the
    // session read it starts may meet the 401 before the address changes, and the way back is then
    // the page the click left.
    await expectSessionEndedAt(app, '/account/sessions', '/account');
  });

  it("coming back to the other browser's window notices the revocation without an action", async () => {
    const { first, second } = await twoBrowsers();
    // The profile shows only the session: no other read that could meet the 401 first.
    const app = renderApp(server, '/account', { auth: second });
    await screen.findByLabelText(/^Name/);

    expect((await first.client.revokeOtherSessions()).error).toBeNull();
    // The session read is reloaded on focus once older than the cache's five seconds (lib/query-client.ts):
    // the page's clock (and the server's, which runs here too) jumps past them; timers stay real.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 5_200);
    window.dispatchEvent(new Event('visibilitychange'));

    await expectSessionEndedAt(app, '/account');
  });

  it('signing out here is not a session that ended: sign-in without the message', async () => {
    const { second } = await twoBrowsers();
    const app = renderApp(server, '/account', { auth: second });
    const ui = userEvent.setup({ document });
    await screen.findByLabelText(/^Name/);

    await ui.click(screen.getByRole('button', { name: /^User menu/ }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/sign-in'));
    // A protected page opened afterwards is sent to sign-in as any signed-out visit is.
    await app.router.navigate('/account/sessions');
    await waitFor(() => expect(app.router.state.location.search).toBe('?redirectTo=%2Faccount%2Fsessions'));
    await screen.findByRole('link', { name: 'Sign up' });
    expect(screen.queryByText(auth.sessionEnded.message)).toBeNull();
  });

  it('a wrong password at sign-in (also a 401) only says so', async () => {
    const { user } = await twoBrowsers();
    const app = renderApp(server, '/sign-in?redirectTo=%2Faccount');
    const ui = userEvent.setup({ document });
    await ui.type(await screen.findByLabelText(/^E-mail or username/), user.email);
    await ui.type(screen.getByLabelText(/^Password/), 'not the password');
    await ui.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toContain(auth.signIn.errors.invalidEmailOrPassword);
    expect(screen.queryByText(auth.sessionEnded.message)).toBeNull();
    expect(app.router.state.location.pathname).toBe('/sign-in');
  });
});
