/**
 * Impersonation against a real server: the admin becomes the user (the banner names them on every
 * page) after a confirmation, and stops, getting their own session back on that user's page.
 */
import '../support/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, useTestServer } from '../support/render-app';
import { ADMIN_EMAIL } from '../support/test-server';
import { signInAdmin, signInUser } from './admin-session';

const server = useTestServer();

describe('impersonation', () => {
  it("the admin acts as the user under a banner, then stops and is back on the user's page", async () => {
    const user = userEvent.setup({ document });
    const admin = await signInAdmin(server);
    const member = await signInUser(server, undefined, 'Ivy Impersonated');
    const { router } = renderApp(server, `/admin/users/${member.id}`, { auth: admin });
    await screen.findByRole('heading', { level: 1, name: 'Ivy Impersonated' });
    expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull();

    // Only after a confirmation that names the user; cancelling it changes nothing.
    await user.click(screen.getByRole('button', { name: 'Impersonate' }));
    let dialog = await screen.findByRole('dialog', { name: 'Impersonate this user?' });
    expect(dialog.textContent).toContain(member.email);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await admin.client.getSession()).data!.user.email).toBe(ADMIN_EMAIL);
    await user.click(screen.getByRole('button', { name: 'Impersonate' }));
    dialog = await screen.findByRole('dialog', { name: 'Impersonate this user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Impersonate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    expect(banner.textContent).toContain(`You are signed in as Ivy Impersonated (${member.email})`);
    const session = (await admin.client.getSession()).data!;
    expect(session.user.id).toBe(member.id);
    expect(session.session.impersonatedBy).toBeTruthy();
    // The admin console is closed to the impersonated user.
    await user.click(await screen.findByRole('button', { name: 'User menu: Ivy Impersonated' }));
    expect(within(await screen.findByRole('menu')).queryByRole('menuitem', { name: 'Admin' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await user.click(within(banner).getByRole('button', { name: 'Stop impersonating' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/users/${member.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ivy Impersonated' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull();
    expect((await admin.client.getSession()).data!.user.email).toBe(ADMIN_EMAIL);
  });
});
