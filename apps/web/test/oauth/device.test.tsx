import '../support/dom';
/**
 * The device page (RFC 8628) against a real server with the OAuth provider: a device asks for
 * codes at /device/code; the page, opened at `verification_uri_complete` or with the code typed
 * loosely, names the application, shows the code to check, says in words what it asks for and for
 * which account; Approve lets the device's poll collect tokens and Deny answers it
 * `access_denied`, each ending on "return to your device". Signed out, the page goes to sign-in
 * and back with the code. An unknown, expired, answered or another account's code is refused in
 * the catalogue's words.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AppAuth } from '../../src/lib/auth';
import { signedInUser } from '../account/signed-in-user';
import { renderApp, useTestServer } from '../support/render-app';
import { offsetClock, PASSWORD, type TestServer } from '../support/test-server';

const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const DEVICE_NAME = 'Living Room TV';
const clock = offsetClock();
const server = useTestServer(() => ({ now: clock.now }));

/** A public device client registered by a developer (any signed-in user may register one). */
async function registerDevice(owner: AppAuth): Promise<string> {
  const { data, error } = await owner.client.oauth2.createClient({
    client_name: DEVICE_NAME,
    client_uri: 'https://tv.example.com',
    grant_types: [DEVICE_CODE_GRANT, 'refresh_token'],
    token_endpoint_auth_method: 'none',
  });
  if (error) throw new Error(`create-client failed: ${error.code}`);
  return (data as unknown as { client_id: string }).client_id;
}

interface DeviceAuthorization {
  clientId: string;
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
}

/** The device asks for its codes, as a TV would: a form post without cookies. */
async function startDevice(s: TestServer, scope = 'openid profile email offline_access'): Promise<DeviceAuthorization> {
  const developer = await signedInUser(s);
  const clientId = await registerDevice(developer.auth);
  const response = await fetch(`${s.baseURL}/api/auth/device/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: clientId, scope }),
  });
  expect(response.status).toBe(200);
  return { clientId, ...((await response.json()) as Omit<DeviceAuthorization, 'clientId'>) };
}

/** The device's poll of the token endpoint: its `error`, or the tokens. */
async function poll(s: TestServer, device: DeviceAuthorization) {
  const response = await fetch(`${s.baseURL}/api/auth/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: DEVICE_CODE_GRANT,
      device_code: device.device_code,
      client_id: device.clientId,
    }),
  });
  return (await response.json()) as { error?: string; access_token?: string; refresh_token?: string; scope?: string };
}

/** The path of the device's `verification_uri_complete`, to render the app at. */
function completePath(device: DeviceAuthorization): string {
  const url = new URL(device.verification_uri_complete);
  expect(url.origin + url.pathname).toBe(`${server.baseURL}/device`);
  return url.pathname + url.search;
}

describe('device page', () => {
  it('from verification_uri_complete: names the application, the code, the scopes and the account; Approve gives the device its tokens', async () => {
    const device = await startDevice(server);
    expect(device.verification_uri).toBe(`${server.baseURL}/device`);
    const user = await signedInUser(server, { name: 'Grace Hopper' });
    renderApp(server, completePath(device), { auth: user.auth });

    expect(
      await screen.findByRole('heading', { level: 1, name: `Connect ${DEVICE_NAME} to your account` }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'tv.example.com' }).getAttribute('href')).toBe('https://tv.example.com/');
    expect(screen.getByText('Check that your device shows this code:')).toBeTruthy();
    expect(screen.getByText(device.user_code)).toBeTruthy();
    const scopes = within(screen.getByRole('region', { name: `This will allow ${DEVICE_NAME} to:` }));
    expect(scopes.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Know who you are',
      'See your name and picture',
      'See your e-mail address',
      "Stay connected when you're away",
    ]);
    const account = within(screen.getByRole('region', { name: 'Account' }));
    expect(account.getByText('Grace Hopper')).toBeTruthy();
    expect(account.getByText(user.email)).toBeTruthy();
    expect((await poll(server, device)).error).toBe('authorization_pending');

    await userEvent.setup({ document }).click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Device connected' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      `${DEVICE_NAME} can now use your account. You can return to your device.`,
    );
    // The device keeps to its polling interval (5 s), or it would hear slow_down.
    clock.advance(5);
    const tokens = await poll(server, device);
    expect(tokens.error).toBeUndefined();
    expect(tokens.access_token).toEqual(expect.any(String));
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(tokens.scope).toBe('openid profile email offline_access');
  });

  it('takes a code typed in lower case with spaces; Deny answers the device access_denied', async () => {
    const device = await startDevice(server, 'openid');
    const user = await signedInUser(server);
    const { router } = renderApp(server, '/device', { auth: user.auth });
    const events = userEvent.setup({ document });

    expect(await screen.findByRole('heading', { level: 1, name: 'Connect a device' })).toBeTruthy();
    const typed = device.user_code.toLowerCase().replace('-', ' ');
    await events.type(screen.getByRole('textbox', { name: 'Code' }), ` ${typed} `);
    await events.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { level: 1, name: `Connect ${DEVICE_NAME} to your account` });
    expect(router.state.location.search).toBe(`?user_code=${device.user_code}`);
    expect(screen.getByText(device.user_code)).toBeTruthy();
    await events.click(screen.getByRole('button', { name: 'Deny' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Request denied' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      `${DEVICE_NAME} was not given access to your account. You can return to your device.`,
    );
    expect((await poll(server, device)).error).toBe('access_denied');
  });

  it('an empty code is refused before anything is sent', async () => {
    const user = await signedInUser(server);
    const { router } = renderApp(server, '/device', { auth: user.auth });
    const events = userEvent.setup({ document });
    await events.type(await screen.findByRole('textbox', { name: 'Code' }), ' - ');
    await events.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Code' }).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(router.state.location.search).toBe('');
  });

  it('signed out, goes to sign-in and comes back to the request with the code kept', async () => {
    const device = await startDevice(server);
    const user = await signedInUser(server, { name: 'Ada Lovelace' });
    await user.auth.client.signOut();
    const { router } = renderApp(server, completePath(device), { auth: user.auth });

    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(
      `/device?user_code=${device.user_code}`,
    );
    const events = userEvent.setup({ document });
    await events.type(await screen.findByLabelText(/^E-mail or username/), user.email);
    await events.type(screen.getByLabelText(/^Password/), PASSWORD);
    await events.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { level: 1, name: `Connect ${DEVICE_NAME} to your account` });
    expect(router.state.location.pathname + router.state.location.search).toBe(`/device?user_code=${device.user_code}`);
    expect(within(screen.getByRole('region', { name: 'Account' })).getByText(user.email)).toBeTruthy();
  });

  it('an unknown code is refused with the form kept, and a corrected one goes on', async () => {
    const device = await startDevice(server);
    const user = await signedInUser(server);
    renderApp(server, '/device?user_code=ZZZZ-ZZZZ', { auth: user.auth });

    expect((await screen.findByRole('alert')).textContent).toBe('This code is not valid. Check it and try again.');
    const field = screen.getByRole('textbox', { name: 'Code' });
    expect((field as HTMLInputElement).value).toBe('ZZZZ-ZZZZ');
    const events = userEvent.setup({ document });
    await events.clear(field);
    await events.type(field, device.user_code);
    await events.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: `Connect ${DEVICE_NAME} to your account` }),
    ).toBeTruthy();
  });

  it("another account's request is refused (403), and so is one already answered", async () => {
    const device = await startDevice(server);
    const first = await signedInUser(server);
    const claimed = await first.auth.client.device({ query: { user_code: device.user_code } });
    expect(claimed.error).toBeNull();

    const second = await signedInUser(server);
    const other = renderApp(server, completePath(device), { auth: second.auth });
    expect((await screen.findByRole('alert')).textContent).toBe('This device request was opened by another account.');
    expect(screen.getByRole('alert').getAttribute('data-code')).toBe('ACCESS_DENIED');
    other.unmount();

    expect((await first.auth.client.device.approve({ userCode: device.user_code })).error).toBeNull();
    renderApp(server, completePath(device), { auth: first.auth });
    expect((await screen.findByRole('alert')).textContent).toBe('This device request has already been answered.');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('an expired code is refused', async () => {
    const device = await startDevice(server);
    const user = await signedInUser(server);
    clock.advance(30 * 60 + 1);
    renderApp(server, completePath(device), { auth: user.auth });
    expect((await screen.findByRole('alert')).textContent).toBe('This code has expired. Start again on your device.');
  });

  it('says so when the request is answered meanwhile in another tab', async () => {
    const device = await startDevice(server);
    const user = await signedInUser(server);
    renderApp(server, completePath(device), { auth: user.auth });
    await screen.findByRole('button', { name: 'Approve' });
    expect((await user.auth.client.device.deny({ userCode: device.user_code })).error).toBeNull();

    await userEvent.setup({ document }).click(screen.getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This device request has already been answered.');
    expect((await poll(server, device)).error).toBe('access_denied');
  });

  it('with the organization scope, names the active organization; the device tokens act for it', async () => {
    const device = await startDevice(server, 'openid organization');
    const user = await signedInUser(server);
    const created = await user.auth.client.organization.create({
      name: 'Initech',
      slug: `initech-${device.clientId.slice(-8)}`,
    });
    expect(created.error).toBeNull();
    const organizationId = (created.data as { id: string }).id;
    expect((await user.auth.client.organization.setActive({ organizationId })).error).toBeNull();
    renderApp(server, completePath(device), { auth: user.auth });

    const account = within(await screen.findByRole('region', { name: 'Account' }));
    expect(await account.findByText(`${DEVICE_NAME} will act for Initech, your active organization.`)).toBeTruthy();
    await userEvent.setup({ document }).click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Device connected' })).toBeTruthy();
    clock.advance(5);
    const tokens = await poll(server, device);
    expect(tokens.error).toBeUndefined();
    const userInfo = await fetch(`${server.baseURL}/api/auth/oauth2/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(((await userInfo.json()) as { org_id?: string }).org_id).toBe(organizationId);
  });

  it('with the organization scope and none active, says that only the list of organizations is shared', async () => {
    const device = await startDevice(server, 'openid organization');
    const user = await signedInUser(server);
    renderApp(server, completePath(device), { auth: user.auth });
    const account = within(await screen.findByRole('region', { name: 'Account' }));
    expect(
      account.getByText(
        `No organization is active: ${DEVICE_NAME} will only see the list of organizations you belong to.`,
      ),
    ).toBeTruthy();
  });
});
