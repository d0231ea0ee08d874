/**
 * An organization's Applications section against a real server: an owner adds an OAuth application
 * for the organization (its client id and secret shown once, the server holding it as the
 * organization's), sees it listed and deletes it after confirming; edits its name, redirect and
 * post-logout URIs, logo and homepage (a field emptied is cleared) and rotates its secret (shown
 * once, the old one refused); a plain member is told who manages them and is offered nothing.
 */
import '../support/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import organizationText from '../../src/locales/en/organization.json';
import { renderApp, useTestServer } from '../support/render-app';
import { toastSaying } from '../support/toast';
import { addMember, createOrganization, signUp, type TestUser } from './organization-fixtures';

const server = useTestServer();
const text = organizationText.applications;

async function organizationClients(owner: TestUser, organizationId: string) {
  const { data, error } = await owner.auth.client.oauth2.getClients({ query: { organization_id: organizationId } });
  if (error || !data) throw new Error(`get-clients failed: ${error?.code}`);
  return data as { client_id: string }[];
}

describe('organization applications', () => {
  it('an owner adds an application, sees its secret once, and deletes it', async () => {
    const owner = await signUp(server, 'Ava');
    const organization = await createOrganization(owner, 'Initech');
    const user = userEvent.setup({ document });
    renderApp(server, `/organizations/${organization.id}/applications`, { auth: owner.auth });

    expect(await screen.findByText(text.none)).toBeTruthy();
    const form = screen.getByRole('form', { name: text.createLabel });
    await user.type(within(form).getByLabelText(/^Application name/), 'Wiki');
    await user.type(within(form).getByLabelText(/^Redirect URI/), 'not a url');
    await user.click(within(form).getByRole('button', { name: text.create }));
    expect(await within(form).findByText('Enter a full URL (https://…)')).toBeTruthy();
    const redirect = within(form).getByLabelText(/^Redirect URI/);
    await user.clear(redirect);
    await user.type(redirect, 'https://wiki.example.com/callback');
    await user.click(within(form).getByRole('button', { name: text.create }));

    const issued = await screen.findByText(text.createdTitle);
    const alert = issued.closest('[role="alert"]') as HTMLElement;
    const [stored] = await organizationClients(owner, organization.id);
    expect(stored).toMatchObject({
      client_name: 'Wiki',
      redirect_uris: ['https://wiki.example.com/callback'],
      reference_id: organization.id,
    });
    expect(within(alert).getByText(stored!.client_id)).toBeTruthy();
    const secret = within(alert).getByText(text.clientSecret).nextElementSibling?.textContent ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Listed, without the secret.
    const list = await screen.findByRole('list', { name: text.label });
    expect(within(list).getByText('Wiki')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: text.done }));
    await waitFor(() => expect(screen.queryByText(secret)).toBeNull());

    await user.click(within(list).getByRole('button', { name: 'Delete application Wiki' }));
    const dialog = await screen.findByRole('dialog', { name: text.deleteTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await toastSaying('Application “Wiki” deleted.');
    expect(await screen.findByText(text.none)).toBeTruthy();
    expect(await organizationClients(owner, organization.id)).toEqual([]);
  });

  it('an owner edits an application and rotates its secret, the new one shown once', async () => {
    const owner = await signUp(server, 'Dee');
    const organization = await createOrganization(owner, 'Vandelay');
    const created = await owner.auth.client.oauth2.createClient({
      client_name: 'Imports',
      redirect_uris: ['https://imports.example.com/cb'],
      logo_uri: 'https://imports.example.com/logo.png',
      token_endpoint_auth_method: 'client_secret_basic',
      organization_id: organization.id,
    });
    const { client_id: clientId, client_secret: oldSecret } = created.data as unknown as {
      client_id: string;
      client_secret: string;
    };
    const user = userEvent.setup({ document });
    renderApp(server, `/organizations/${organization.id}/applications`, { auth: owner.auth });
    const list = await screen.findByRole('list', { name: text.label });
    await user.click(await within(list).findByRole('button', { name: 'Edit application Imports' }));

    const form = screen.getByRole('form', { name: 'Edit application Imports' });
    // The owner's fields only: the type, scopes and first-party switches are not offered.
    expect(within(form).queryByRole('combobox', { name: 'Type' })).toBeNull();
    expect(within(form).queryByRole('checkbox', { name: 'Skip the consent screen' })).toBeNull();
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Imports and Exports');
    const redirects = within(form).getByRole('textbox', { name: 'Redirect URIs' });
    await user.type(redirects, '{Enter}https://imports.example.com/cb2');
    await user.type(
      within(form).getByRole('textbox', { name: 'Post-logout redirect URIs' }),
      'https://imports.example.com/bye',
    );
    await user.clear(within(form).getByRole('textbox', { name: 'Logo URL' }));
    await user.type(within(form).getByRole('textbox', { name: 'Homepage' }), 'https://imports.example.com');
    await user.click(within(form).getByRole('button', { name: text.save }));
    await toastSaying('Application “Imports and Exports” saved.');
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit application Imports' })).toBeNull());
    const [stored] = (await organizationClients(owner, organization.id)) as unknown as Record<string, unknown>[];
    expect(stored).toMatchObject({
      client_name: 'Imports and Exports',
      redirect_uris: ['https://imports.example.com/cb', 'https://imports.example.com/cb2'],
      post_logout_redirect_uris: ['https://imports.example.com/bye'],
      client_uri: 'https://imports.example.com',
    });
    expect(stored!.logo_uri ?? null).toBeNull();

    const row = within(list).getByText('Imports and Exports').closest('li') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Rotate secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the secret?' });
    await user.click(within(confirm).getByRole('button', { name: 'Rotate' }));
    const shown = await screen.findByRole('dialog', { name: 'Client secret' });
    expect(within(shown).getByText(/shown only this once/)).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    const secret = within(shown).getByTestId('client-secret').textContent ?? '';
    expect(secret.length).toBeGreaterThan(20);
    expect(secret).not.toBe(oldSecret);
    const introspect = (with_: string) =>
      fetch(`${server.baseURL}/api/auth/oauth2/introspect`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${clientId}:${with_}`).toString('base64')}`,
        },
        body: 'token=x',
      });
    expect((await introspect(oldSecret)).status).toBe(401);
    expect((await introspect(secret)).status).toBe(200);
    await user.click(within(shown).getByRole('button', { name: 'I have saved the secret' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(secret);
  });

  it('a plain member is told who manages them and offered nothing', async () => {
    const owner = await signUp(server, 'Bo');
    const organization = await createOrganization(owner, 'Hooli');
    const member = await signUp(server, 'Cy');
    await addMember(server, owner, organization.id, member, 'member');
    renderApp(server, `/organizations/${organization.id}/applications`, { auth: member.auth });

    expect(await screen.findByText(text.notAllowed)).toBeTruthy();
    expect(screen.queryByRole('form', { name: text.createLabel })).toBeNull();
  });
});
