/**
 * An organization's Settings, Teams and Leave-or-delete sections against a real server: settings
 * are validated (metadata must be a JSON object) and saved; a plain member sees them read-only;
 * teams are created (a duplicate name refused at the field), renamed, and the last one's removal
 * is refused in words; the only owner is not offered to leave (disabled, with the reason); deleting needs the slug typed.
 */
import '../support/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import organizationText from '../../src/locales/en/organization.json';
import { renderApp, useTestServer } from '../support/render-app';
import { toastSaying } from '../support/toast';
import { addMember, createOrganization, descriptionOf, signUp } from './organization-fixtures';

const server = useTestServer();

describe('organization settings', () => {
  it('refuses metadata that is not a JSON object, then saves name, logo and metadata', async () => {
    const owner = await signUp(server, 'Gus');
    const organization = await createOrganization(owner, 'Prestige');
    const user = userEvent.setup({ document });
    renderApp(server, `/organizations/${organization.id}`, { auth: owner.auth });

    const name = await screen.findByLabelText(/^Name/);
    const metadata = screen.getByLabelText('Metadata');
    await user.clear(name);
    await user.type(name, 'Prestige Worldwide');
    await user.click(metadata);
    await user.paste('[1, 2]');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(descriptionOf(metadata)).toBe('Enter a JSON object'));

    await user.clear(metadata);
    await user.click(metadata);
    await user.paste('{"plan": "pro"}');
    await user.type(screen.getByLabelText('Logo URL'), 'https://example.com/p.png');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await toastSaying('Settings saved.');
    const { data } = await owner.auth.client.organization.getFullOrganization({
      query: { organizationId: organization.id },
    });
    // As stored: get-full-organization answers metadata as JSON text, as better-auth does.
    expect(data).toMatchObject({
      name: 'Prestige Worldwide',
      logo: 'https://example.com/p.png',
      metadata: '{"plan":"pro"}',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Prestige Worldwide' })).toBeTruthy();
  });

  it('says at the slug field that another organization has the slug', async () => {
    const owner = await signUp(server, 'Hal');
    const other = await createOrganization(owner, 'Pied Piper');
    const organization = await createOrganization(owner, 'Aviato');
    const user = userEvent.setup({ document });
    renderApp(server, `/organizations/${organization.id}`, { auth: owner.auth });

    const slug = await screen.findByLabelText('Slug');
    await user.clear(slug);
    await user.type(slug, other.slug);
    await waitFor(() => expect(descriptionOf(slug)).toBe('This slug is already taken'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(descriptionOf(slug)).toMatch(/taken/i));
    expect(slug.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a plain member the settings read-only', async () => {
    const owner = await signUp(server, 'Ida');
    const organization = await createOrganization(owner, 'Dunder');
    const member = await signUp(server, 'Jon');
    await addMember(server, owner, organization.id, member, 'member');
    renderApp(server, `/organizations/${organization.id}`, { auth: member.auth });

    expect(await screen.findByText('Only owners and admins can change these settings.')).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('teams', () => {
  it('creates, refuses a duplicate name at the field, renames, cannot remove the last team but removes another', async () => {
    const owner = await signUp(server, 'Kim');
    const organization = await createOrganization(owner, 'Bluth');
    const user = userEvent.setup({ document });
    renderApp(server, `/organizations/${organization.id}/teams`, { auth: owner.auth });

    // The organization starts with its default team, named after it.
    const list = await screen.findByRole('list', { name: 'Teams' });
    expect(within(list).getByText('Bluth')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove team Bluth' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove team?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The last team cannot be removed.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const newName = screen.getByLabelText(/^New team name/);
    await user.type(newName, 'Bluth{Enter}');
    await waitFor(() => expect(descriptionOf(newName)).toMatch(/already exists/i));
    await user.clear(newName);
    await user.type(newName, 'Banana Stand{Enter}');
    await waitFor(() => expect(within(list).getByText('Banana Stand')).toBeTruthy());
    await toastSaying('Team “Banana Stand” created.');

    // The dialog's exit transition keeps the page hidden from the accessibility tree for a moment.
    await user.click(await screen.findByRole('button', { name: 'Rename team Banana Stand' }));
    const field = await screen.findByLabelText(/^Team name/);
    await user.clear(field);
    await user.type(field, 'Model Home{Enter}');
    await waitFor(() => expect(within(list).getByText('Model Home')).toBeTruthy());
    await toastSaying('Team renamed to “Model Home”.');
    const { data } = await owner.auth.client.organization.listTeams({ query: { organizationId: organization.id } });
    expect(data?.map((team: { name: string }) => team.name).sort()).toEqual(['Bluth', 'Model Home']);

    await user.click(screen.getByRole('button', { name: 'Remove team Model Home' }));
    const removeDialog = await screen.findByRole('dialog', { name: 'Remove team?' });
    await user.click(within(removeDialog).getByRole('button', { name: 'Remove' }));
    await toastSaying('Team “Model Home” removed.');
    await waitFor(() => expect(within(list).queryByText('Model Home')).toBeNull());
  });
});

describe('leaving and deleting', () => {
  it('the only owner cannot leave (the button is disabled and says why); deleting needs the slug typed and then deletes', async () => {
    const owner = await signUp(server, 'Lou');
    const organization = await createOrganization(owner, 'Sterling');
    const user = userEvent.setup({ document });
    const { router } = renderApp(server, `/organizations/${organization.id}/leave`, { auth: owner.auth });

    // The only owner is not offered to leave: the button is disabled and the reason is its description.
    const leave = await screen.findByRole('button', { name: 'Leave organization' });
    expect(leave.hasAttribute('disabled')).toBe(true);
    expect(descriptionOf(leave)).toBe(organizationText.soleOwner.leaveReason);

    await user.click(await screen.findByRole('button', { name: 'Delete organization' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Sterling?' });
    const confirm = within(dialog).getByLabelText(`Type ${organization.slug} to confirm`);
    await user.type(confirm, 'sterling');
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(await within(dialog).findByText("Type the organization's slug exactly as shown")).toBeTruthy();
    expect((await owner.auth.client.organization.list()).data).toHaveLength(1);

    await user.clear(confirm);
    await user.type(confirm, organization.slug);
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations'));
    await toastSaying('Organization “Sterling” deleted.');
    expect((await owner.auth.client.organization.list()).data).toEqual([]);
  });

  it('an owner with another owner beside them may leave', async () => {
    const owner = await signUp(server, 'Max');
    const organization = await createOrganization(owner, 'Cyberdyne');
    const other = await signUp(server, 'Ned');
    await addMember(server, owner, organization.id, other, 'owner');
    const user = userEvent.setup({ document });
    const { router } = renderApp(server, `/organizations/${organization.id}/leave`, { auth: owner.auth });

    const leave = await screen.findByRole('button', { name: 'Leave organization' });
    expect(leave.hasAttribute('disabled')).toBe(false);
    expect(leave.getAttribute('aria-describedby')).toBeNull();
    await user.click(leave);
    const dialog = await screen.findByRole('dialog', { name: 'Leave Cyberdyne?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations'));
    await toastSaying('You left “Cyberdyne”.');
    expect((await owner.auth.client.organization.list()).data).toEqual([]);
  });
});
