/**
 * The header's organization switcher against a real server: it shows the session's active
 * organization, lists the user's organizations, and choosing one makes it active on the server.
 * Someone in no organization sees no switcher.
 */
import '../support/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, useTestServer } from '../support/render-app';
import { createOrganization, signUp } from './organization-fixtures';

const server = useTestServer();

describe('the organization switcher', () => {
  it('shows the active organization and makes the chosen one active', async () => {
    const me = await signUp(server, 'Moe');
    const first = await createOrganization(me, 'First Co');
    await createOrganization(me, 'Second Co');
    const user = userEvent.setup({ document });
    renderApp(server, '/organizations', { auth: me.auth });

    // Creating makes an organization active: the second one is.
    await user.click(await screen.findByRole('button', { name: 'Active organization: Second Co' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `First Co${first.slug}`,
      expect.stringMatching(/^Second Co/),
      'Manage organizations',
    ]);
    await user.click(items[0]!);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Active organization: First Co' })).toBeTruthy());
    const { data } = await me.auth.client.getSession({ query: { disableCookieCache: true } });
    expect(data?.session.activeOrganizationId).toBe(first.id);
  });

  it('is not shown to someone in no organization', async () => {
    const me = await signUp(server, 'Ned');
    renderApp(server, '/organizations', { auth: me.auth });
    await screen.findByText(/not a member of any organization/);
    expect(screen.queryByTestId('organization-switcher')).toBeNull();
  });
});
