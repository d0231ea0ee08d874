/**
 * The Members section against a real server: an owner changes a member's role from the role
 * picker (the server stores it), the only owner's own picker is disabled with the reason, a
 * demotion the server still refuses is explained in the catalogue's words under the row, an owner removes a member after confirming, and a plain member sees
 * roles as text with no remove buttons.
 */
import '../support/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, useTestServer } from '../support/render-app';
import { toastSaying } from '../support/toast';
import errors from '../../src/locales/en/errors.json';
import organizationText from '../../src/locales/en/organization.json';
import { addMember, createOrganization, descriptionOf, signUp } from './organization-fixtures';

const server = useTestServer();

describe('members and their roles', () => {
  it('an owner makes a member an admin, then removes them', async () => {
    const owner = await signUp(server, 'Sam');
    const organization = await createOrganization(owner, 'Wonka');
    const member = await signUp(server, 'Tess');
    const memberId = await addMember(server, owner, organization.id, member, 'member');
    const user = userEvent.setup({ document });
    renderApp(server, `/organizations/${organization.id}/members`, { auth: owner.auth });

    const picker = await screen.findByRole('combobox', { name: 'Role of Tess' });
    expect(picker.textContent).toBe('Member');
    await user.click(picker);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Owner', 'Admin', 'Member']);
    await user.click(screen.getByRole('option', { name: 'Admin' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role of Tess' }).textContent).toBe('Admin'));
    await toastSaying('Role of Tess changed to Admin.');
    const { data } = await owner.auth.client.organization.listMembers({ query: { organizationId: organization.id } });
    expect(data?.members.find((m: { id: string }) => m.id === memberId)).toMatchObject({ role: 'admin' });

    await user.click(screen.getByRole('button', { name: 'Remove Tess' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Role of Tess' })).toBeNull());
    await toastSaying('Tess was removed.');
    const after = await owner.auth.client.organization.listMembers({ query: { organizationId: organization.id } });
    expect(after.data?.members.map((m: { userId: string }) => m.userId)).not.toContain(memberId);
  });

  it("the only owner's own role picker is disabled, with the reason under it", async () => {
    const owner = await signUp(server, 'Uma');
    const organization = await createOrganization(owner, 'Stark');
    renderApp(server, `/organizations/${organization.id}/members`, { auth: owner.auth });

    const picker = await screen.findByRole('combobox', { name: 'Role of Uma' });
    expect(picker.getAttribute('aria-disabled')).toBe('true');
    expect(picker.textContent).toBe('Owner');
    expect(descriptionOf(picker)).toBe(organizationText.soleOwner.roleReason);
  });

  it("a demotion the server refuses (the other owner stepped down meanwhile) shows the catalogue's message for it", async () => {
    const owner = await signUp(server, 'Xia');
    const organization = await createOrganization(owner, 'Oscorp');
    const other = await signUp(server, 'Yan');
    const otherId = await addMember(server, owner, organization.id, other, 'owner');
    const user = userEvent.setup({ document });
    renderApp(server, `/organizations/${organization.id}/members`, { auth: owner.auth });

    // With two owners, each may step down: the picker is enabled.
    const picker = await screen.findByRole('combobox', { name: 'Role of Xia' });
    expect(picker.getAttribute('aria-disabled')).toBeNull();
    const stepDown = await other.auth.client.organization.updateMemberRole({
      memberId: otherId,
      role: 'member',
      organizationId: organization.id,
    });
    expect(stepDown.error).toBeNull();

    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Member' }));
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-code')).toBe('YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER');
    expect(alert.textContent).toBe(errors.YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER);
    // The refusal reloads the members: Xia is now the only owner, and the picker says so.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Role of Xia' }).getAttribute('aria-disabled')).toBe('true'),
    );
    expect(descriptionOf(screen.getByRole('combobox', { name: 'Role of Xia' }))).toBe(
      organizationText.soleOwner.roleReason,
    );
    expect(screen.getByRole('alert').textContent).toBe(errors.YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER);
    const { data } = await owner.auth.client.organization.listMembers({ query: { organizationId: organization.id } });
    expect(
      data?.members.find((m: { id: string; role: string }) => m.id !== otherId && m.role === 'owner'),
    ).toBeTruthy();
  });

  it('a plain member sees roles as text, no pickers and no remove buttons', async () => {
    const owner = await signUp(server, 'Vic');
    const organization = await createOrganization(owner, 'Tyrell');
    const member = await signUp(server, 'Wes');
    await addMember(server, owner, organization.id, member, 'member');
    renderApp(server, `/organizations/${organization.id}/members`, { auth: member.auth });

    const table = await screen.findByRole('table', { name: 'Members' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('Owner')).toBeTruthy();
    expect(within(table).queryByRole('combobox')).toBeNull();
    expect(within(table).queryByRole('button')).toBeNull();
  });
});
