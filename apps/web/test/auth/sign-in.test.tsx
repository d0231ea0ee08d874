/**
 * The sign-in screen against a real server: one field takes an e-mail or a username, a failure is
 * explained in words (never which part was wrong), a banned user reads the ban, and a success — or
 * an already signed-in visit — goes on to the page that asked for sign-in.
 */
import '../support/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createTestAuth, renderApp, useTestServer } from '../support/render-app';
import { ADMIN_EMAIL, PASSWORD, verifyAddressByMail } from '../support/test-server';
import { createUser, fieldMessage, nextSuccess, recordingAuth, uniqueUsername } from './auth-test-helpers';

const server = useTestServer();

async function fillSignIn(identifier: string, password: string) {
  const user = userEvent.setup({ document });
  await user.type(await screen.findByLabelText(/^E-mail or username/), identifier);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('the sign-in screen', () => {
  it('a wrong password shows that the e-mail or password is not correct, and signs nobody in', async () => {
    const { email } = await createUser(server);
    const { auth, router } = renderApp(server, '/sign-in');
    await fillSignIn(email, 'not the password');
    const alert = await screen.findByText('The e-mail address or the password is not correct.');
    expect(alert.closest('[role="alert"]')?.getAttribute('data-code')).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect(router.state.location.pathname).toBe('/sign-in');
    expect((await auth.client.getSession()).data).toBeNull();
  });

  it('a name without @ signs in by username; a wrong password says username or password', async () => {
    const username = uniqueUsername('signin');
    await createUser(server, { username });
    renderApp(server, '/sign-in');
    await fillSignIn(username, 'not the password');
    expect(await screen.findByText('The username or the password is not correct.')).toBeTruthy();
  });

  it("signing in by username goes on to redirectTo, and the session is the user's", async () => {
    const username = uniqueUsername('goes');
    const { email } = await createUser(server, { username });
    const { auth, router } = renderApp(server, `/sign-in?redirectTo=${encodeURIComponent('/organizations?tab=1')}`);
    await fillSignIn(username.toUpperCase(), PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations'));
    expect(router.state.location.search).toBe('?tab=1');
    expect((await auth.client.getSession()).data?.user.email).toBe(email);
  });

  it('an absolute redirectTo is ignored: sign-in goes to the account instead', async () => {
    const { email } = await createUser(server);
    const { router } = renderApp(server, `/sign-in?redirectTo=${encodeURIComponent('https://evil.example/')}`);
    await fillSignIn(email, PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
  });

  it('a signed-in user who opens sign-in is sent on at once', async () => {
    const { auth } = await createUser(server);
    const { router } = renderApp(server, '/sign-in?redirectTo=%2Forganizations', { auth });
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations'));
  });

  it('a banned user reads the ban message', async () => {
    const admin = await createUser(server, { email: ADMIN_EMAIL });
    // The listed address is admin once verified; ban-user reads the role from the database.
    await verifyAddressByMail(server, ADMIN_EMAIL);
    const victim = await createUser(server);
    const banned = await admin.auth.client.admin.banUser({ userId: victim.userId });
    expect(banned.error).toBeNull();
    renderApp(server, '/sign-in');
    await fillSignIn(victim.email, PASSWORD);
    const alert = await screen.findByText(
      'You have been banned from this application. Please contact support if you believe this is an error.',
    );
    expect(alert.closest('[role="alert"]')?.getAttribute('data-code')).toBe('BANNED_USER');
  });

  it('an empty form asks for both fields without a request', async () => {
    const user = userEvent.setup({ document });
    const { auth, paths } = recordingAuth(server);
    renderApp(server, '/sign-in', { auth });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(fieldMessage(screen.getByLabelText(/^E-mail or username/))).toBe('Required'));
    expect(fieldMessage(screen.getByLabelText(/^Password/))).toBe('Required');
    expect(paths.filter((path) => path.includes('/sign-in/'))).toEqual([]);
  });

  it('a server with no provider enabled gets no provider buttons, once it has said so', async () => {
    const auth = createTestAuth(server);
    const said = nextSuccess(auth, '/social-providers');
    renderApp(server, '/sign-in', { auth });
    await screen.findByRole('button', { name: 'Sign in' });
    await said;
    expect((await auth.client.socialProviders()).data).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Sign in with another service' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Continue with/ })).toBeNull();
  });

  it('"remember me" off makes a session that is not remembered', async () => {
    const { email } = await createUser(server);
    const { auth, setCookies } = recordingAuth(server);
    const { router } = renderApp(server, '/sign-in', { auth });
    const user = userEvent.setup({ document });
    const remember = await screen.findByRole('checkbox', { name: 'Remember me' });
    expect((remember as HTMLInputElement).checked).toBe(true);
    await user.click(remember);
    await fillSignIn(email, PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    // SPEC §4: the session cookie has no max-age, and the "don't remember" marker is set.
    const sessionCookie = setCookies.find((cookie) => cookie.startsWith('latchkey.session_token='));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).not.toMatch(/max-age/i);
    expect(setCookies.some((cookie) => cookie.startsWith('latchkey.dont_remember='))).toBe(true);
  });
});
