/**
 * An organization's Applications section against a real server: an owner adds an OAuth application
 * for the organization (its client id and secret shown once, the server holding it as the
 * organization's), sees it listed and deletes it after confirming; a plain member is told who
 * manages them and is offered nothing.
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
