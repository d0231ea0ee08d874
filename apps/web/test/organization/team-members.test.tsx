/**
 * Team members on the Teams tab against a real server: each team shows its member count; an owner opens a team, adds an organization
 * member to it and removes them again (the server stores both); in an organization that is not the
 * active one the changes are disabled and say why; a plain member sees their team's members with
 * no way to change them, and is told who may see another team's.
 */
import '../support/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import organizationText from '../../src/locales/en/organization.json';
import { renderApp, useTestServer } from '../support/render-app';
import { toastSaying } from '../support/toast';
import { addMember, createOrganization, descriptionOf, signUp, type TestUser } from './organization-fixtures';

const server = useTestServer();

async function createTeam(owner: TestUser, organizationId: string, name: string): Promise<string> {
  const { data, error } = await owner.auth.client.organization.createTeam({ name, organizationId });
  if (error || !data) throw new Error(`create-team failed: ${error?.code}`);
  return data.id;
}

async function teamUserIds(owner: TestUser, teamId: string): Promise<string[]> {
  const { data, error } = await owner.auth.client.organization.listTeamMembers({ query: { teamId } });
  if (error || !data) throw new Error(`list-team-members failed: ${error?.code}`);
  return data.map((row: { userId: string }) => row.userId);
}

describe('team members', () => {
  it('an owner adds an organization member to a team and removes them again', async () => {
    const owner = await signUp(server, 'Rita');
    const organization = await createOrganization(owner, 'Umbrella');
    const member = await signUp(server, 'Tess');
    await addMember(server, owner, organization.id, member, 'member');
    const teamId = await createTeam(owner, organization.id, 'Design');
    const memberUserId = (await member.auth.client.getSession()).data!.user.id;
    const user = userEvent.setup({ document });
    renderApp(server, `/organizations/${organization.id}/teams`, { auth: owner.auth });

    const toggle = await screen.findByRole('button', { name: 'Members of team Design' });
    const row = () => document.querySelector<HTMLElement>(`[data-team-id="${teamId}"]`)!;
    // Each team says how many members it has (#32 item 21), and the count follows a change.
    await waitFor(() => expect(within(row()).getByText('Members: 0')).toBeTruthy());
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText(organizationText.teamMembers.noneAdd)).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Add to Design' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Rita', 'Tess']);
    await user.click(screen.getByRole('option', { name: 'Tess' }));
    await user.click(screen.getByRole('button', { name: 'Add to team' }));
    const list = await screen.findByRole('list', { name: 'Members of Design' });
    await waitFor(() => expect(within(list).getByText('Tess')).toBeTruthy());
    await toastSaying('Tess added to the team.');
    expect(within(list).getByText(member.email)).toBeTruthy();
    expect(await teamUserIds(owner, teamId)).toEqual([memberUserId]);
    await waitFor(() => expect(within(row()).getByText('Members: 1')).toBeTruthy());

    // Tess is in the team now: the picker offers only who is not.
    await user.click(screen.getByRole('combobox', { name: 'Add to Design' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Rita']);
    await user.keyboard('{Escape}');

    await user.click(within(list).getByRole('button', { name: 'Remove Tess from Design' }));
    expect(await screen.findByText(organizationText.teamMembers.noneAdd)).toBeTruthy();
    await toastSaying('Tess removed from the team.');
    expect(await teamUserIds(owner, teamId)).toEqual([]);
    // Still a member of the organization.
    const { data } = await owner.auth.client.organization.listMembers({ query: { organizationId: organization.id } });
    expect(data?.members.map((m: { userId: string }) => m.userId)).toContain(memberUserId);
  });

  it('in an organization that is not the active one, the changes are disabled and say why', async () => {
    const owner = await signUp(server, 'Sol');
    const first = await createOrganization(owner, 'Aperture');
    await createOrganization(owner, 'Black Mesa');
    const user = userEvent.setup({ document });
    renderApp(server, `/organizations/${first.id}/teams`, { auth: owner.auth });

    // The default team has its creator in it.
    await user.click(await screen.findByRole('button', { name: 'Members of team Aperture' }));
    const list = await screen.findByRole('list', { name: 'Members of Aperture' });
    expect(within(list).getByText('Sol')).toBeTruthy();
    const remove = within(list).getByRole('button', { name: 'Remove Sol from Aperture' });
    expect(remove.hasAttribute('disabled')).toBe(true);
    expect(descriptionOf(remove)).toBe(organizationText.teamMembers.activeOnly);

    await user.click(screen.getByRole('button', { name: 'Make active' }));
    await waitFor(() =>
      expect(within(list).getByRole('button', { name: 'Remove Sol from Aperture' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
    expect(screen.queryByText(organizationText.teamMembers.activeOnly)).toBeNull();
  });

  it('a plain member sees the members of their team and cannot change them', async () => {
    const owner = await signUp(server, 'Uri');
    const organization = await createOrganization(owner, 'Vandelay');
    const member = await signUp(server, 'Val');
    await addMember(server, owner, organization.id, member, 'member');
    const teamId = await createTeam(owner, organization.id, 'Imports');
    const memberUserId = (await member.auth.client.getSession()).data!.user.id;
    const added = await owner.auth.client.organization.addTeamMember({ teamId, userId: memberUserId });
    expect(added.error).toBeNull();
    const user = userEvent.setup({ document });
    renderApp(server, `/organizations/${organization.id}/teams`, { auth: member.auth });

    await user.click(await screen.findByRole('button', { name: 'Members of team Imports' }));
    const list = await screen.findByRole('list', { name: 'Members of Imports' });
    expect(within(list).getByText('Val')).toBeTruthy();
    expect(within(list).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Add to Imports' })).toBeNull();

    // The default team has only the owner in it: Val is told who may see its members.
    await user.click(screen.getByRole('button', { name: 'Members of team Vandelay' }));
    expect(await screen.findByText(organizationText.teamMembers.notVisible)).toBeTruthy();
  });
});
