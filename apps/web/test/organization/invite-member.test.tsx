/**
 * The invitation form of an organization's Invitations section against a real server: an invalid
 * address is refused inline before any request, an invitation is sent (mailed, listed as pending),
 * a second one to the same address is refused at the e-mail field in words, and the pending list's
 * resend and cancel act on the server. Several pasted addresses are invited one by one with an
 * outcome each, and the mail's link can be copied from the list. A plain member is offered
 * neither the form nor the actions.
 */
import '../support/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, useTestServer } from '../support/render-app';
import { toastSaying } from '../support/toast';
import { uniqueEmail } from '../support/test-server';
import { addMember, createOrganization, descriptionOf, signUp } from './organization-fixtures';

const server = useTestServer();

describe('inviting a member', () => {
  it('refuses an invalid e-mail inline, sends an invitation, and shows a second one to the same address refused', async () => {
    const owner = await signUp(server, 'Olive');
    const organization = await createOrganization(owner, 'Umbrella');
    const user = userEvent.setup({ document });
    renderApp(server, `/organizations/${organization.id}/invitations`, { auth: owner.auth });

    const form = await screen.findByRole('form', { name: 'Invite a member' });
    const email = within(form).getByLabelText(/^E-mail/);
    await user.type(email, 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(descriptionOf(email)).toBe('Enter a valid e-mail address'));
    expect(server.outbox.list().some((mail) => mail.subject.includes('Umbrella'))).toBe(false);

    const invitee = uniqueEmail('invitee');
    await user.clear(email);
    await user.type(email, invitee);
    await user.click(within(form).getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await toastSaying(`Invitation sent to ${invitee}.`);
    expect((email as HTMLInputElement).value).toBe('');

    const pending = await screen.findByRole('list', { name: 'Pending invitations' });
    await waitFor(() => expect(within(pending).getByText(invitee)).toBeTruthy());
    const { data: invitations } = await owner.auth.client.organization.listInvitations({
      query: { organizationId: organization.id },
    });
    expect(invitations).toEqual([expect.objectContaining({ email: invitee, role: 'admin', status: 'pending' })]);
    await waitFor(() =>
      expect(server.outbox.list().find((mail) => mail.to === invitee)?.links[0]).toMatch(
        new RegExp(`/invitations/${invitations![0]!.id}$`),
      ),
    );

    await user.type(email, `${invitee}{Enter}`);
    await waitFor(() => expect(descriptionOf(email)).toMatch(/already been invited/));
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('invites several pasted addresses, one request each, and says what became of each', async () => {
    const owner = await signUp(server, 'Saul');
    const organization = await createOrganization(owner, 'Los Pollos');
    const member = await signUp(server, 'Gus');
    await addMember(server, owner, organization.id, member, 'member');
    const waiting = uniqueEmail('waiting');
    await owner.auth.client.organization.inviteMember({
      email: waiting,
      role: 'member',
      organizationId: organization.id,
    });
    const [first, second] = [uniqueEmail('first'), uniqueEmail('second')];
    const user = userEvent.setup({ document });
    renderApp(server, `/organizations/${organization.slug}/invitations`, { auth: owner.auth });

    const form = await screen.findByRole('form', { name: 'Invite a member' });
    const field = within(form).getByLabelText(/^E-mail addresses/);
    await user.click(field);
    await user.paste(`${first}, ${second}\n${member.email.toUpperCase()}; not-an-address ${waiting}\n${first}`);
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    await toastSaying('2 of 5 invitations sent.');
    const outcomes = await screen.findByRole('list', { name: 'Invited: 2 of 5' });
    const lines = within(outcomes)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      `${first}Invited`,
      `${second}Invited`,
      `${member.email.toUpperCase()}Already a member`,
      'not-an-addressNot a valid e-mail address',
      `${waiting}Already invited`,
    ]);
    // What could not be sent stays to be corrected; what was sent or needs nothing is gone.
    expect((field as HTMLTextAreaElement).value).toBe('not-an-address');
    const { data } = await owner.auth.client.organization.listInvitations({
      query: { organizationId: organization.id },
    });
    const pending = data?.filter((invitation: { status: string }) => invitation.status === 'pending');
    expect(pending?.map((invitation: { email: string }) => invitation.email).sort()).toEqual(
      [first, second, waiting].sort(),
    );
    await waitFor(() => expect(server.outbox.list().filter((mail) => mail.to === first)).toHaveLength(1));
  });

  it('shows those who may invite the link the invitation mail carries, and copies it', async () => {
    const owner = await signUp(server, 'Kim');
    const organization = await createOrganization(owner, 'Wexler');
    const invitee = uniqueEmail('linked');
    const { data: invitation } = await owner.auth.client.organization.inviteMember({
      email: invitee,
      role: 'member',
      organizationId: organization.id,
    });
    const user = userEvent.setup({ document });
    renderApp(server, `/organizations/${organization.slug}/invitations`, { auth: owner.auth });

    await user.click(await screen.findByRole('button', { name: `Copy the invitation link for ${invitee}` }));
    await toastSaying(`Invitation link for ${invitee} copied.`);
    const copied = new URL(await navigator.clipboard.readText());
    const mailed = new URL(server.outbox.list().find((mail) => mail.to === invitee)!.links[0]!);
    expect(copied.origin).toBe(window.location.origin);
    expect(copied.pathname).toBe(mailed.pathname);
    expect(copied.pathname).toBe(`/invitations/${invitation!.id}`);
    expect(screen.getByTestId('invitation-link').textContent).toBe(copied.href);
  });

  it('resends and cancels a pending invitation', async () => {
    const owner = await signUp(server, 'Petra');
    const organization = await createOrganization(owner, 'Hooli');
    const invitee = uniqueEmail('pending');
    await owner.auth.client.organization.inviteMember({
      email: invitee,
      role: 'member',
      organizationId: organization.id,
    });
    const user = userEvent.setup({ document });
    renderApp(server, `/organizations/${organization.id}/invitations`, { auth: owner.auth });

    await user.click(await screen.findByRole('button', { name: `Resend the invitation to ${invitee}` }));
    await toastSaying('Invitation sent again.');
    await waitFor(() => expect(server.outbox.list().filter((mail) => mail.to === invitee)).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: `Cancel the invitation to ${invitee}` }));
    expect(await screen.findByText('No pending invitations. Invite someone with the form above.')).toBeTruthy();
    await toastSaying(`Invitation to ${invitee} canceled.`);
    const { data } = await owner.auth.client.organization.listInvitations({
      query: { organizationId: organization.id },
    });
    expect(data).toEqual([expect.objectContaining({ email: invitee, status: 'canceled' })]);
  });

  it('offers a plain member neither the form nor resend and cancel', async () => {
    const owner = await signUp(server, 'Quinn');
    const organization = await createOrganization(owner, 'Vandelay');
    const member = await signUp(server, 'Rita');
    await addMember(server, owner, organization.id, member, 'member');
    await owner.auth.client.organization.inviteMember({
      email: uniqueEmail('other'),
      role: 'member',
      organizationId: organization.id,
    });
    renderApp(server, `/organizations/${organization.id}/invitations`, { auth: member.auth });

    expect(await screen.findByText('Only owners and admins can invite members.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).toBeNull();
    await screen.findByRole('list', { name: 'Pending invitations' });
    expect(screen.queryByRole('button', { name: /Resend|Cancel the invitation|Copy the invitation link/ })).toBeNull();
    expect(screen.queryByTestId('invitation-link')).toBeNull();
  });
});
