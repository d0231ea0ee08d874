/**
 * Admin console → Applications against a real server: an admin creates an application with the
 * form and sees its secret once, finds it in the list with its owner, edits it; rotates a secret
 * (the old one refused at once), revokes a user's consent and a machine's tokens (introspection
 * answers inactive), and deletes an application.
 */
import '../support/dom';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppAuth } from '../../src/lib/auth';
import { renderApp } from '../support/render-app';
import { ADMIN_EMAIL, startTestServer, type TestServer } from '../support/test-server';
import { toastSaying } from '../support/toast';
import { openAuthorization, registerApplication } from '../oauth/oauth-fixtures';
import { signInAdmin, signInUser } from './admin-session';

let server: TestServer;
let admin: AppAuth;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
});
afterAll(() => server?.close());
afterEach(() => cleanup());

const section = (name: string) => screen.getByRole('region', { name });

interface Created {
  client_id: string;
  client_secret?: string;
}

/** A machine (client_credentials) application, registered through the admin API. */
async function machineApplication(name: string): Promise<Created> {
  const { data, error } = await admin.client.admin.oauth2.createClient({
    client_name: name,
    grant_types: ['client_credentials'],
    response_types: [],
    token_endpoint_auth_method: 'client_secret_basic',
    client_credentials_scopes: ['read:reports'],
  });
  if (error) throw new Error(`create-client failed: ${error.code}`);
  return data as unknown as Created;
}

function basic(clientId: string, secret: string) {
  return { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` };
}

async function tokenEndpoint(clientId: string, secret: string, params: Record<string, string>, path = 'token') {
  return fetch(`${server.baseURL}/api/auth/oauth2/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...basic(clientId, secret) },
    body: new URLSearchParams(params).toString(),
  });
}

async function machineToken(clientId: string, secret: string): Promise<string> {
  const response = await tokenEndpoint(clientId, secret, { grant_type: 'client_credentials' });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function isActive(clientId: string, secret: string, token: string): Promise<boolean> {
  const response = await tokenEndpoint(clientId, secret, { token }, 'introspect');
  expect(response.status).toBe(200);
  return ((await response.json()) as { active: boolean }).active;
}

describe('applications', () => {
  it('creates a web application with the form, shows its secret once, lists it and edits it', async () => {
    const ui = userEvent.setup({ document });
    const { router } = renderApp(server, '/admin/applications/new', { auth: admin });
    await screen.findByRole('heading', { level: 1, name: 'New application' });
    await ui.type(screen.getByRole('textbox', { name: 'Name' }), 'Billing Portal');
    await ui.type(screen.getByRole('textbox', { name: 'Redirect URIs' }), 'https://billing.example.com/callback');
    await ui.click(screen.getByRole('checkbox', { name: 'Skip the consent screen' }));
    await ui.click(screen.getByRole('button', { name: 'Create application' }));

    const dialog = await screen.findByRole('dialog', { name: 'Client secret' }, { timeout: 5000 });
    expect(within(dialog).getByText(/shown only this once/)).toBeTruthy();
    const secret = within(dialog).getByTestId('client-secret').textContent ?? '';
    expect(secret.length).toBeGreaterThan(20);
    const clientId = within(dialog).getByTestId('client-id').textContent ?? '';
    const onServer = (await admin.client.admin.oauth2.getClient({ query: { client_id: clientId } })).data as unknown as
      Record<string, unknown> | undefined;
    expect(onServer).toMatchObject({
      client_name: 'Billing Portal',
      skip_consent: true,
      token_endpoint_auth_method: 'client_secret_basic',
      redirect_uris: ['https://billing.example.com/callback'],
    });
    expect(onServer).not.toHaveProperty('client_secret');
    // The secret works at the token endpoint's introspection (client authentication).
    expect((await tokenEndpoint(clientId, secret, { token: 'x' }, 'introspect')).status).toBe(200);

    await ui.click(within(dialog).getByRole('button', { name: 'I have saved the secret' }));
    await screen.findByRole('heading', { level: 1, name: 'Billing Portal' });
    expect(router.state.location.pathname).toBe(`/admin/applications/${clientId}`);
    // Nowhere on the application's page is the secret shown again.
    expect(document.body.textContent).not.toContain(secret);
    cleanup();

    renderApp(server, '/admin/applications', { auth: admin });
    await ui.type(await screen.findByRole('searchbox', { name: 'Search by name or client ID' }), 'Billing Portal');
    const link = await screen.findByRole('link', { name: 'Billing Portal' }, { timeout: 5000 });
    const row = link.closest('tr')!;
    expect(within(row).getByText(ADMIN_EMAIL)).toBeTruthy();
    expect(within(row).getByText(clientId)).toBeTruthy();
    expect(within(row).getByText('Confidential')).toBeTruthy();
    cleanup();

    renderApp(server, `/admin/applications/${clientId}/edit`, { auth: admin });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Billing Portal'));
    await ui.clear(name);
    await ui.type(name, 'Billing');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { level: 1, name: 'Billing' });
    const edited = (await admin.client.admin.oauth2.getClient({ query: { client_id: clientId } }))
      .data as unknown as Record<string, unknown>;
    expect(edited).toMatchObject({ client_name: 'Billing', skip_consent: true });
  });

  it('clears post-logout URIs, scopes, logo and homepage emptied in the edit form', async () => {
    const ui = userEvent.setup({ document });
    const { data } = await admin.client.admin.oauth2.createClient({
      client_name: 'Clearable',
      redirect_uris: ['https://clear.example.com/cb'],
      post_logout_redirect_uris: ['https://clear.example.com/bye'],
      scope: 'openid profile',
      logo_uri: 'https://clear.example.com/logo.png',
      client_uri: 'https://clear.example.com',
      token_endpoint_auth_method: 'client_secret_basic',
    });
    const clientId = (data as unknown as Created).client_id;
    renderApp(server, `/admin/applications/${clientId}/edit`, { auth: admin });
    const logo = await screen.findByRole('textbox', { name: 'Logo URL' });
    await waitFor(() => expect((logo as HTMLInputElement).value).toBe('https://clear.example.com/logo.png'));
    for (const label of ['Post-logout redirect URIs', 'Scopes', 'Logo URL', 'Homepage']) {
      await ui.clear(screen.getByRole('textbox', { name: label }));
    }
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { level: 1, name: 'Clearable' });
    const edited = (await admin.client.admin.oauth2.getClient({ query: { client_id: clientId } }))
      .data as unknown as Record<string, unknown>;
    for (const field of ['post_logout_redirect_uris', 'scope', 'logo_uri', 'client_uri']) {
      expect(edited[field] ?? null).toBeNull();
    }
    expect(edited).toMatchObject({ client_name: 'Clearable', redirect_uris: ['https://clear.example.com/cb'] });
  });

  it("rotates a machine's secret after a confirmation, and revokes all its tokens at once", async () => {
    const ui = userEvent.setup({ document });
    const machine = await machineApplication('Nightly Export');
    const token = await machineToken(machine.client_id, machine.client_secret!);
    renderApp(server, `/admin/applications/${machine.client_id}`, { auth: admin });
    await screen.findByRole('heading', { level: 1, name: 'Nightly Export' });

    const tokens = section('Active tokens');
    expect(await within(tokens).findByText('The application itself')).toBeTruthy();
    await ui.click(within(tokens).getByRole('button', { name: 'Revoke all tokens' }));
    await toastSaying('All tokens of the application revoked.');
    expect(
      await within(tokens).findByText(
        "No active tokens. Tokens appear here while the application has access to a user's account.",
      ),
    ).toBeTruthy();
    expect(await isActive(machine.client_id, machine.client_secret!, token)).toBe(false);

    await ui.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the secret?' });
    await ui.click(within(confirm).getByRole('button', { name: 'Rotate' }));
    const shown = await screen.findByRole('dialog', { name: 'Client secret' });
    const secret = within(shown).getByTestId('client-secret').textContent ?? '';
    expect(secret).not.toBe(machine.client_secret);
    expect(
      (await tokenEndpoint(machine.client_id, machine.client_secret!, { grant_type: 'client_credentials' })).status,
    ).toBe(401);
    expect(await machineToken(machine.client_id, secret)).toBeTruthy();
    await ui.click(within(shown).getByRole('button', { name: 'I have saved the secret' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("lists a user's consent and revokes it; deletes the application", async () => {
    const ui = userEvent.setup({ document });
    const owner = await signInUser(server);
    const clientId = await registerApplication(owner.auth);
    const member = await signInUser(server);
    const consentPage = await openAuthorization(server, clientId, { browser: member.auth, scope: 'openid email' });
    const granted = await member.auth.client.oauth2.consent({
      accept: true,
      oauth_query: consentPage.slice('/consent?'.length),
    });
    expect(granted.error).toBeNull();

    renderApp(server, `/admin/applications/${clientId}`, { auth: admin });
    await screen.findByRole('heading', { level: 1, name: 'Acme Notes' });
    const consents = section('Consents');
    expect(await within(consents).findByText(member.email)).toBeTruthy();
    expect(within(consents).getByText('openid email')).toBeTruthy();
    await ui.click(within(consents).getByRole('button', { name: `Revoke the consent of ${member.email}` }));
    await toastSaying(`Consent of ${member.email} revoked; its tokens no longer work.`);
    expect(
      await within(consents).findByText(
        'No user has consented to this application. Users appear here once they allow it to use their account.',
      ),
    ).toBeTruthy();
    expect((await member.auth.client.oauth2.getConsents()).data).toEqual([]);

    await ui.click(screen.getByRole('button', { name: 'Delete application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this application?' });
    expect(dialog.textContent).toContain('Acme Notes');
    await ui.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await toastSaying('Acme Notes deleted.');
    await screen.findByRole('heading', { level: 1, name: 'Applications' });
    const gone = await admin.client.admin.oauth2.getClient({ query: { client_id: clientId } });
    expect(gone.error?.code).toBe('CLIENT_NOT_FOUND');
  });

  it('is refused to a user who is not a platform admin', async () => {
    const member = await signInUser(server);
    const answer = await member.auth.client.admin.oauth2.listClients({ query: {} });
    expect(answer.error?.code).toBe('YOU_ARE_NOT_ALLOWED_TO_ADMINISTER_OAUTH_CLIENTS');
  });
});
