import '../support/dom';
/**
 * The consent page against a real server with the OAuth provider: it names the application and
 * says in words what it asks for and for which account; Allow records the consent and leaves for
 * the application with a code, Deny leaves with `access_denied` and records nothing; signed out,
 * the page sends to sign-in with the same request. With the `organization` scope it names the
 * organization the grant would act for (the active one), or says that only the memberships are seen.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../account/signed-in-user';
import { renderApp, useTestServer } from '../support/render-app';
import {
  APP_NAME,
  APP_REDIRECT,
  leftFor,
  openAuthorization,
  registerApplication,
  resetAddressBeforeEach,
} from './oauth-fixtures';

const server = useTestServer();
resetAddressBeforeEach();

describe('consent page', () => {
  it('names the application, its scopes in words and the account; Allow records the consent and returns a code', async () => {
    const developer = await signedInUser(server);
    const clientId = await registerApplication(developer.auth);
    const user = await signedInUser(server, { name: 'Grace Hopper' });
    const path = await openAuthorization(server, clientId, {
      browser: user.auth,
      scope: 'openid profile email offline_access',
    });
    expect(path.startsWith('/consent?')).toBe(true);
    renderApp(server, path, { auth: user.auth });

    expect(
      await screen.findByRole('heading', { level: 1, name: `${APP_NAME} wants to use your account` }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'notes.example.com' }).getAttribute('href')).toBe(
      'https://notes.example.com/',
    );
    const scopes = within(screen.getByRole('region', { name: `This will allow ${APP_NAME} to:` }));
    expect(scopes.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Know who you are',
      'See your name and picture',
      'See your e-mail address',
      "Stay connected when you're away",
    ]);
    const account = within(screen.getByRole('region', { name: 'Account' }));
    expect(account.getByText('Grace Hopper')).toBeTruthy();
    expect(account.getByText(user.email)).toBeTruthy();

    await userEvent.setup({ document }).click(screen.getByRole('button', { name: 'Allow' }));
    const back = await leftFor(APP_REDIRECT);
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe('state-123');
    const consents = await user.auth.client.oauth2.getConsents();
    expect(consents.data?.map(({ clientId: id, scopes }) => ({ id, scopes }))).toEqual([
      { id: clientId, scopes: ['openid', 'profile', 'email', 'offline_access'] },
    ]);
  });

  it('Deny returns access_denied to the application and records no consent', async () => {
    const developer = await signedInUser(server);
    const clientId = await registerApplication(developer.auth);
    const user = await signedInUser(server);
    renderApp(server, await openAuthorization(server, clientId, { browser: user.auth }), { auth: user.auth });

    await userEvent.setup({ document }).click(await screen.findByRole('button', { name: 'Deny' }));
    const back = await leftFor(APP_REDIRECT);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    expect((await user.auth.client.oauth2.getConsents()).data).toEqual([]);
  });

  it('"Use another account" signs out and goes to sign-in with the same request', async () => {
    const developer = await signedInUser(server);
    const clientId = await registerApplication(developer.auth);
    const user = await signedInUser(server);
    const path = await openAuthorization(server, clientId, { browser: user.auth });
    const { router } = renderApp(server, path, { auth: user.auth });

    await userEvent.setup({ document }).click(await screen.findByRole('button', { name: 'Use another account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toBe(path.slice('/consent'.length));
    expect((await user.auth.client.getSession({ query: { disableCookieCache: true } })).data).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('with the organization scope, names the active organization the grant acts for, and records it', async () => {
    const clientId = await registerApplication((await signedInUser(server)).auth);
    const user = await signedInUser(server);
    const created = await user.auth.client.organization.create({
      name: 'Initech',
      slug: `initech-${clientId.slice(-8)}`,
    });
    expect(created.error).toBeNull();
    const organizationId = (created.data as { id: string }).id;
    expect((await user.auth.client.organization.setActive({ organizationId })).error).toBeNull();
    const path = await openAuthorization(server, clientId, { browser: user.auth, scope: 'openid organization' });
    renderApp(server, path, { auth: user.auth });

    const account = within(await screen.findByRole('region', { name: 'Account' }));
    expect(await account.findByText(`${APP_NAME} will act for Initech, your active organization.`)).toBeTruthy();
    await userEvent.setup({ document }).click(screen.getByRole('button', { name: 'Allow' }));
    await leftFor(APP_REDIRECT);
    const consents = await user.auth.client.oauth2.getConsents();
    expect(consents.data?.map((consent) => consent.referenceId)).toEqual([organizationId]);
  });

  it('with the organization scope and none active, says that only the list of organizations is shared', async () => {
    const clientId = await registerApplication((await signedInUser(server)).auth);
    const user = await signedInUser(server);
    const created = await user.auth.client.organization.create({
      name: 'Initech',
      slug: `initech-${clientId.slice(-8)}`,
    });
    expect(created.error).toBeNull();
    expect((await user.auth.client.organization.setActive({ organizationId: null })).error).toBeNull();
    const path = await openAuthorization(server, clientId, { browser: user.auth, scope: 'openid organization' });
    renderApp(server, path, { auth: user.auth });

    const account = within(await screen.findByRole('region', { name: 'Account' }));
    expect(
      account.getByText(
        `No organization is active: ${APP_NAME} will only see the list of organizations you belong to.`,
      ),
    ).toBeTruthy();
  });

  it('says nothing of organizations when the scope is not asked for', async () => {
    const clientId = await registerApplication((await signedInUser(server)).auth);
    const user = await signedInUser(server);
    const path = await openAuthorization(server, clientId, { browser: user.auth, scope: 'openid' });
    renderApp(server, path, { auth: user.auth });
    await screen.findByRole('region', { name: 'Account' });
    expect(screen.queryByTestId('acting-organization')).toBeNull();
  });
});
