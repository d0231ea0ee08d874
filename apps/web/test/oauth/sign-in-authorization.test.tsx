import '../support/dom';
/**
 * The sign-in page opened by an application's authorization request (the server's signed query in
 * its address): the sign-in carries the query as `oauth_query` and the browser leaves for the
 * request's next page (the consent page, or the application with its code once consented); the
 * links to sign-up keep the query; someone already signed in continues as themselves.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createUser, recordingAuth } from '../auth/auth-test-helpers';
import { signedInUser } from '../account/signed-in-user';
import { renderApp, useTestServer } from '../support/render-app';
import { PASSWORD } from '../support/test-server';
import {
  APP_REDIRECT,
  leftFor,
  openAuthorization,
  registerApplication,
  resetAddressBeforeEach,
} from './oauth-fixtures';

const server = useTestServer();
resetAddressBeforeEach();

async function signInWith(email: string) {
  const ui = userEvent.setup({ document });
  await ui.type(await screen.findByLabelText(/^E-mail or username/), email);
  await ui.type(screen.getByLabelText(/^Password/), PASSWORD);
  await ui.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in for an application', () => {
  it('forwards the signed query with the sign-in and leaves for the consent page', async () => {
    const clientId = await registerApplication((await signedInUser(server)).auth);
    const { email } = await createUser(server);
    const path = await openAuthorization(server, clientId);
    expect(path.startsWith('/sign-in?')).toBe(true);
    const { auth, paths } = recordingAuth(server);
    const { router } = renderApp(server, path, { auth });

    await signInWith(email);
    const consent = await leftFor(`${server.baseURL}/consent?`);
    expect(consent.searchParams.get('client_id')).toBe(clientId);
    expect(paths).toContain('/api/auth/sign-in/email');
    // The page waits for the browser to leave instead of going on to the account.
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(await screen.findByText('Taking you back to the application…')).toBeTruthy();
    expect((await auth.client.getSession()).data?.user.email).toBe(email);
  });

  it('goes straight back to the application with a code when the user consented before', async () => {
    const clientId = await registerApplication((await signedInUser(server)).auth);
    const user = await createUser(server);
    const consentPage = await openAuthorization(server, clientId, { browser: user.auth });
    const oauthQuery = consentPage.slice('/consent?'.length);
    const granted = await user.auth.client.oauth2.consent({ accept: true, oauth_query: oauthQuery });
    expect(granted.error).toBeNull();

    renderApp(server, await openAuthorization(server, clientId));
    await signInWith(user.email);
    const back = await leftFor(APP_REDIRECT);
    expect(back.searchParams.get('code')).toBeTruthy();
  });

  it('keeps the signed query on the link to sign-up', async () => {
    const clientId = await registerApplication((await signedInUser(server)).auth);
    const path = await openAuthorization(server, clientId);
    renderApp(server, path);
    const link = await screen.findByRole('link', { name: 'Sign up' });
    const target = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(target.pathname).toBe('/sign-up');
    expect(target.searchParams.get('sig')).toBe(new URLSearchParams(path.split('?')[1]).get('sig'));
  });

  it('someone already signed in continues as themselves', async () => {
    const clientId = await registerApplication((await signedInUser(server)).auth);
    const user = await signedInUser(server, { name: 'Grace Hopper' });
    // The request was opened before this browser signed in (in another tab, say).
    const path = await openAuthorization(server, clientId);
    const { router } = renderApp(server, path, { auth: user.auth });

    expect(await screen.findByText(`You are signed in as Grace Hopper (${user.email}).`)).toBeTruthy();
    await userEvent.setup({ document }).click(screen.getByRole('button', { name: 'Continue as Grace Hopper' }));
    const consent = await leftFor(`${server.baseURL}/consent?`);
    expect(consent.searchParams.get('client_id')).toBe(clientId);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
  });

  it('an application asking for a new account (prompt=create) shows the sign-up, saying whose session it replaces', async () => {
    const clientId = await registerApplication((await signedInUser(server)).auth);
    const user = await signedInUser(server, { name: 'Grace Hopper' });
    const path = await openAuthorization(server, clientId, { browser: user.auth, prompt: 'create' });
    expect(path.startsWith('/sign-up?')).toBe(true);
    const { router } = renderApp(server, path, { auth: user.auth });

    expect(
      await screen.findByText(
        `You are signed in as Grace Hopper (${user.email}). Signing up creates a new account, and you will be signed in with it instead.`,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-up');
  });
});
