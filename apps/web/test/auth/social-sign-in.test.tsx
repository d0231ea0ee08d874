import '../support/dom';
/**
 * Sign-in through a provider against a real server with GitHub (its token and user endpoints
 * emulated) and a generic OpenID Connect provider enabled: sign-in and sign-up show a button with
 * the provider's name and icon for each, in the server's order; pressing one leaves for the
 * provider's authorization URL, and the provider's answer signs the user in and returns to the page
 * that asked for sign-in; a failed answer comes back to sign-in with the reason in words. Opened by
 * an application's authorization request, the page sends the request with the provider sign-in,
 * and the provider's answer goes on to the request's consent page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import auth from '../../src/locales/en/auth.json';
import { renderApp } from '../support/render-app';
import { useSocialTestServer } from '../support/social-providers';
import { signedInUser } from '../account/signed-in-user';
import { openAuthorization, registerApplication } from '../oauth/oauth-fixtures';

const { server, github } = useSocialTestServer();

/** Where the app sent the browser: happy-dom records the address without loading the provider's page. */
async function leftFor(prefix: string): Promise<URL> {
  await waitFor(() => expect(window.location.href.startsWith(prefix)).toBe(true));
  return new URL(window.location.href);
}

describe('provider buttons', () => {
  it("sign-in shows one button per enabled provider, in the server's order, with its name and icon", async () => {
    renderApp(server, '/sign-in');
    const group = await screen.findByRole('region', { name: auth.social.label });
    const buttons = await within(group).findAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Continue with GitHub', 'Continue with Company SSO']);
    expect(buttons.map((b) => b.querySelector('[data-provider-icon]')?.getAttribute('data-provider-icon'))).toEqual([
      'github',
      'generic',
    ]);
  });

  it('sign-up shows the same buttons', async () => {
    renderApp(server, '/sign-up');
    expect(await screen.findByRole('button', { name: 'Continue with GitHub' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Company SSO' })).toBeTruthy();
  });
});

describe('signing in through a provider', () => {
  it("leaves for the provider with a state and PKCE, and the provider's answer signs the user in and returns to redirectTo", async () => {
    const { auth: app } = renderApp(server, `/sign-in?redirectTo=${encodeURIComponent('/organizations')}`);
    await userEvent.setup({ document }).click(await screen.findByRole('button', { name: 'Continue with GitHub' }));
    const authorize = await leftFor(`${github.url}/login/oauth/authorize`);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${server.baseURL}/api/auth/callback/github`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

    // GitHub sends the browser back with a code; the browser still holds the state cookie.
    const callback = await app.fetch(
      `${server.baseURL}/api/auth/callback/github?code=user-501&state=${authorize.searchParams.get('state')}`,
      { redirect: 'manual' },
    );
    expect(callback.status).toBe(302);
    expect(new URL(callback.headers.get('location')!, server.baseURL).pathname).toBe('/organizations');
    const { data } = await app.client.getSession({ query: { disableCookieCache: true } });
    expect(data?.user).toMatchObject({ email: 'octo-501@example.com', name: 'Octo 501', emailVerified: true });
  });

  it('a provider answer that fails comes back to sign-in, which says why in words', async () => {
    const { auth: app } = renderApp(server, '/sign-in');
    await userEvent.setup({ document }).click(await screen.findByRole('button', { name: 'Continue with GitHub' }));
    const authorize = await leftFor(`${github.url}/login/oauth/authorize`);
    const callback = await app.fetch(
      `${server.baseURL}/api/auth/callback/github?code=not-a-code&state=${authorize.searchParams.get('state')}`,
      { redirect: 'manual' },
    );
    const back = new URL(callback.headers.get('location')!, server.baseURL);
    expect(back.pathname).toBe('/sign-in');
    expect(back.searchParams.get('error')).toBe('invalid_code');

    renderApp(server, back.pathname + back.search);
    const alert = await screen.findByText(auth.errorPage.codes.invalid_code);
    expect(alert.closest('[role="alert"]')?.getAttribute('data-code')).toBe('invalid_code');
  });

  it('each OAuth error code of the callback is explained on the sign-in page, a code written with spaces too', async () => {
    for (const [code, text] of [
      ['state_not_found', auth.errorPage.codes.state_not_found],
      ['please_restart_the_process', auth.errorPage.codes.please_restart_the_process],
      ['email_not_found', auth.errorPage.codes.email_not_found],
      ['account not linked', auth.errorPage.codes.account_not_linked],
      ['signup disabled', auth.errorPage.codes.signup_disabled],
      ['something_new', auth.errorPage.generic],
    ] as const) {
      const { unmount } = renderApp(server, `/sign-in?error=${encodeURIComponent(code)}`);
      expect((await screen.findByRole('alert')).textContent).toBe(text);
      unmount();
    }
  });

  it("an application's authorization survives the provider: back from GitHub, on to its consent page", async () => {
    const clientId = await registerApplication((await signedInUser(server)).auth);
    const { auth: app } = renderApp(server, await openAuthorization(server, clientId));
    await userEvent.setup({ document }).click(await screen.findByRole('button', { name: 'Continue with GitHub' }));
    const authorize = await leftFor(`${github.url}/login/oauth/authorize`);
    const callback = await app.fetch(
      `${server.baseURL}/api/auth/callback/github?code=user-777&state=${authorize.searchParams.get('state')}`,
      { redirect: 'manual' },
    );
    expect(callback.status).toBe(302);
    const next = new URL(callback.headers.get('location')!, server.baseURL);
    expect(next.origin + next.pathname).toBe(`${server.baseURL}/consent`);
    expect(next.searchParams.get('client_id')).toBe(clientId);
  });

  it("a provider answer that fails comes back to sign-in with the application's request still in the address", async () => {
    const clientId = await registerApplication((await signedInUser(server)).auth);
    const { auth: app } = renderApp(server, await openAuthorization(server, clientId));
    await userEvent.setup({ document }).click(await screen.findByRole('button', { name: 'Continue with GitHub' }));
    const authorize = await leftFor(`${github.url}/login/oauth/authorize`);
    const callback = await app.fetch(
      `${server.baseURL}/api/auth/callback/github?code=not-a-code&state=${authorize.searchParams.get('state')}`,
      { redirect: 'manual' },
    );
    const back = new URL(callback.headers.get('location')!, server.baseURL);
    expect(back.pathname).toBe('/sign-in');
    expect(back.searchParams.get('error')).toBe('invalid_code');
    expect(back.searchParams.get('client_id')).toBe(clientId);
    expect(back.searchParams.get('sig')).toBeTruthy();
  });
});
