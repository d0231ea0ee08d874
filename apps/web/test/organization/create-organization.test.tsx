/**
 * The "new organization" dialog against a real server: the slug follows the name, a taken slug
 * is shown at the slug field while typing (the debounced check) and when the server refuses the
 * submit, and a created organization appears in the list and on the server.
 */
import '../support/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, useTestServer } from '../support/render-app';
import { toastSaying } from '../support/toast';
import { createOrganization, descriptionOf, signUp } from './organization-fixtures';

const server = useTestServer();

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'New organization' }));
  return screen.findByRole('dialog', { name: 'New organization' });
}

describe('creating an organization', () => {
  it('proposes the slug from the name and says at the slug field, while typing, that it is taken', async () => {
    const other = await signUp(server, 'Olga');
    const taken = await createOrganization(other, 'Acme');
    const me = await signUp(server, 'Ann');
    const user = userEvent.setup({ document });
    renderApp(server, '/organizations', { auth: me.auth });

    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(/^Name/), 'Café Müller');
    const slug = within(dialog).getByLabelText('Slug');
    expect((slug as HTMLInputElement).value).toBe('cafe-muller');
    await waitFor(() => expect(descriptionOf(slug)).toBe('This slug is free'));

    await user.clear(slug);
    await user.type(slug, taken.slug);
    await waitFor(() => expect(descriptionOf(slug)).toBe('This slug is already taken'));
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    // The user's own slug is kept when the name changes afterwards.
    await user.type(within(dialog).getByLabelText(/^Name/), ' GmbH');
    expect((slug as HTMLInputElement).value).toBe(taken.slug);
  });

  it('shows the server refusing a taken slug at the slug field on submit', async () => {
    const other = await signUp(server, 'Otto');
    const taken = await createOrganization(other, 'Globex');
    const me = await signUp(server, 'Bea');
    const user = userEvent.setup({ document });
    renderApp(server, '/organizations', { auth: me.auth });

    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(/^Name/), 'Globex');
    const slug = within(dialog).getByLabelText('Slug');
    await user.clear(slug);
    // Submitted at once: the server answers before the debounced check has run.
    await user.type(slug, `${taken.slug}{Enter}`);
    await waitFor(() => expect(descriptionOf(slug)).toMatch(/organization already exists/i));
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    const { data } = await me.auth.client.organization.list();
    expect(data).toEqual([]);
  });

  it('checks the slug and logo before sending', async () => {
    const me = await signUp(server, 'Cid');
    const user = userEvent.setup({ document });
    renderApp(server, '/organizations', { auth: me.auth });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Slug'), 'Not A Slug');
    await user.type(within(dialog).getByLabelText('Logo URL'), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(within(dialog).getByText('Lower-case letters, digits and hyphens only')).toBeTruthy();
    expect(within(dialog).getByText('Enter a full URL (https://…)')).toBeTruthy();
  });

  it('creates the organization and opens it, active, by its slug; it exists on the server and is listed', async () => {
    const me = await signUp(server, 'Dora');
    const user = userEvent.setup({ document });
    const { router } = renderApp(server, '/organizations', { auth: me.auth });
    expect(await screen.findByText(/not a member of any organization/)).toBeTruthy();

    const dialog = await openDialog(user);
    const name = `Initech ${Math.random().toString(36).slice(2, 7)}`;
    await user.type(within(dialog).getByLabelText(/^Name/), name);
    await user.type(within(dialog).getByLabelText('Logo URL'), 'https://example.com/logo.png');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await toastSaying(`Organization “${name}” created.`);
    const slug = name.toLowerCase().replace(' ', '-');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/organizations/${slug}`));
    expect(await screen.findByRole('heading', { level: 1, name })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: `Active organization: ${name}` })).toBeTruthy());
    const session = await me.auth.client.getSession({ query: { disableCookieCache: true } });

    await router.navigate('/organizations');
    const list = await screen.findByRole('list', { name: 'Your organizations' });
    await waitFor(() => expect(within(list).getByText(name)).toBeTruthy());
    expect(within(list).getByText('Active')).toBeTruthy();
    const { data } = await me.auth.client.organization.list();
    expect(session.data?.session.activeOrganizationId).toBe(data?.[0]?.id);
    expect(data).toEqual([
      expect.objectContaining({
        name,
        slug,
        logo: 'https://example.com/logo.png',
      }),
    ]);
  });
});
