/**
 * The invitation page against a real server: the recipient sees who invites them where, with
 * which role; accepting lands them on the organization's members, now their active one, with "You joined …"; declining says so;
 * anyone else, or a link whose invitation is gone, gets the reason in words.
 */
import '../support/dom';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, useTestServer } from '../support/render-app';
import { toastSaying } from '../support/toast';
import { createOrganization, signUp, verifyEmail, type TestUser } from './organization-fixtures';

const server = useTestServer();

async function invite(owner: TestUser, organizationId: string, email: string): Promise<string> {
  const { data, error } = await owner.auth.client.organization.inviteMember({ email, role: 'admin', organizationId });
  if (error || !data) throw new Error(error?.code);
  return data.id;
}

describe('the invitation page', () => {
  it("shows the invitation and accepting it opens the organization's members, made active, saying so", async () => {
    const owner = await signUp(server, 'Xena');
    const organization = await createOrganization(owner, 'Cyberdyne');
    const invitee = await signUp(server, 'Yuri');
    await verifyEmail(server, invitee);
    const invitationId = await invite(owner, organization.id, invitee.email);
    const user = userEvent.setup({ document });
    const { router } = renderApp(server, `/invitations/${invitationId}`, { auth: invitee.auth });

    expect(await screen.findByText(`${owner.email} invites you to join Cyberdyne.`)).toBeTruthy();
    expect(screen.getByText('Admin')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/organizations/${organization.slug}/members`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cyberdyne' })).toBeTruthy();
    await toastSaying('You joined Cyberdyne.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Active organization: Cyberdyne' })).toBeTruthy());
    const { data } = await invitee.auth.client.organization.list();
    expect(data?.map((o: { id: string }) => o.id)).toEqual([organization.id]);
  });

  it('declining says so and leaves the user outside', async () => {
    const owner = await signUp(server, 'Zack');
    const organization = await createOrganization(owner, 'Soylent');
    const invitee = await signUp(server, 'Abe');
    await verifyEmail(server, invitee);
    const invitationId = await invite(owner, organization.id, invitee.email);
    const user = userEvent.setup({ document });
    renderApp(server, `/invitations/${invitationId}`, { auth: invitee.auth });

    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect((await screen.findByRole('status')).textContent).toBe('You declined the invitation to Soylent.');
    const { data } = await owner.auth.client.organization.listInvitations({
      query: { organizationId: organization.id },
    });
    expect(data?.[0]).toMatchObject({ status: 'rejected' });
  });

  it('explains an invitation sent to someone else, and one that is gone', async () => {
    const owner = await signUp(server, 'Bob');
    const organization = await createOrganization(owner, 'Oscorp');
    const invitee = await signUp(server, 'Cal');
    const stranger = await signUp(server, 'Dan');
    const invitationId = await invite(owner, organization.id, invitee.email);

    renderApp(server, `/invitations/${invitationId}`, { auth: stranger.auth });
    expect(await screen.findByText(/sent to another e-mail address than yours/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/recipient/i);
    cleanup();

    renderApp(server, '/invitations/no-such-invitation', { auth: invitee.auth });
    expect(await screen.findByText(/This invitation no longer exists/)).toBeTruthy();
  });

  it('an unverified recipient is told to verify their address first, and shown nothing of the invitation', async () => {
    const owner = await signUp(server, 'Eve');
    const organization = await createOrganization(owner, 'Massive Dynamic');
    const invitee = await signUp(server, 'Fay');
    const invitationId = await invite(owner, organization.id, invitee.email);
    renderApp(server, `/invitations/${invitationId}`, { auth: invitee.auth });

    expect(await screen.findByText(/Verify your e-mail address \(/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(document.body.textContent).not.toContain('Massive Dynamic');
  });
});
