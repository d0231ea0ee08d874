/**
 * An organization's address names its slug (#32 item 21): the list links to it, an old address
 * by id opens the same section and is replaced by the slug's (query kept), and changing the slug
 * in the settings takes the address along.
 */
import '../support/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, useTestServer } from '../support/render-app';
import { toastSaying } from '../support/toast';
import { createOrganization, signUp } from './organization-fixtures';

const server = useTestServer();

describe('organization addresses', () => {
  it('links the list to the slug and replaces an address by id with the slug’s', async () => {
    const owner = await signUp(server, 'Lena');
    const organization = await createOrganization(owner, 'Soylent');
    const user = userEvent.setup({ document });
    const { router } = renderApp(server, '/organizations', { auth: owner.auth });

    const list = await screen.findByRole('list', { name: 'Your organizations' });
    const link = within(list).getByRole('link', { name: /Soylent/ });
    expect(link.getAttribute('href')).toBe(`/organizations/${organization.slug}`);
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Soylent' })).toBeTruthy();

    await router.navigate(`/organizations/${organization.id}/members?q=lena`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/organizations/${organization.slug}/members`));
    expect(router.state.location.search).toBe('?q=lena');
    expect(await screen.findByRole('table', { name: 'Members' })).toBeTruthy();
    // Replaced, not added: Back does not return to the id address.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('moves the address along when the slug changes, and the old slug no longer opens it', async () => {
    const owner = await signUp(server, 'Mona');
    const organization = await createOrganization(owner, 'Tyrell');
    const user = userEvent.setup({ document });
    const { router } = renderApp(server, `/organizations/${organization.slug}`, { auth: owner.auth });

    const slug = await screen.findByLabelText('Slug');
    const renamed = `${organization.slug}-corp`;
    await user.clear(slug);
    await user.type(slug, renamed);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await toastSaying('Settings saved.');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/organizations/${renamed}`));
    const { data } = await owner.auth.client.organization.getFullOrganization({
      query: { organizationId: organization.id },
    });
    expect(data?.slug).toBe(renamed);

    await router.navigate(`/organizations/${organization.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Organization unavailable' })).toBeTruthy();
  });
});
