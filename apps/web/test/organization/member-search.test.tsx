/**
 * The Members section's search and paging against a real server (#32 item 21): the server pages
 * the members, the search finds by name or e-mail, both live in the address (a reload opens the
 * same page), and each member shows the date they joined.
 */
import '../support/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../src/lib/format-date';
import { renderApp, useTestServer } from '../support/render-app';
import { addMember, createOrganization, signUp } from './organization-fixtures';

const server = useTestServer();

/** The member rows of the table (the header row left out). */
function memberRows(): HTMLElement[] {
  return within(screen.getByRole('table', { name: 'Members' }))
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-member-id'));
}

describe('searching and paging the members', () => {
  it('pages the members by the server, keeps page and search in the address, and finds by name or e-mail', async () => {
    const owner = await signUp(server, 'Paula');
    const organization = await createOrganization(owner, 'Massive Dynamic');
    const people = await Promise.all(Array.from({ length: 9 }, (_, i) => signUp(server, `Walter${i}`)));
    await Promise.all(people.map((person) => addMember(server, owner, organization.id, person, 'member')));
    const nina = await signUp(server, 'Nina');
    await addMember(server, owner, organization.id, nina, 'member');
    const user = userEvent.setup({ document });
    const { router } = renderApp(server, `/organizations/${organization.slug}/members?size=10`, {
      auth: owner.auth,
    });

    await screen.findByRole('table', { name: 'Members' });
    await waitFor(() => expect(memberRows()).toHaveLength(10));
    expect(screen.getByText('1–10 of 11')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&size=10'));
    await waitFor(() => expect(memberRows()).toHaveLength(1));
    expect(screen.getByText('11–11 of 11')).toBeTruthy();

    // By name, any case, from the first page again.
    const search = screen.getByRole('searchbox', { name: 'Search by name or e-mail' });
    await user.type(search, 'NINA');
    await waitFor(() => expect(memberRows()).toHaveLength(1));
    expect(router.state.location.search).toBe('?q=NINA&size=10');
    expect(within(memberRows()[0]!).getByText('Nina')).toBeTruthy();
    // By e-mail: the random part of the fixture's address is in no name.
    await user.clear(search);
    await user.type(search, nina.email.split('@')[0]!.slice(-5).toUpperCase());
    await waitFor(() => expect(memberRows()).toHaveLength(1));
    expect(within(memberRows()[0]!).getByText('Nina')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'nobody-like-this');
    expect(await screen.findByText('No member matches “nobody-like-this”.')).toBeTruthy();
    // Eleven members, each signed up, verified, invited and accepting through the API: more than a page.
  }, 90_000);

  it('opens the page and search the address names, and shows when each member joined', async () => {
    const owner = await signUp(server, 'Olivia');
    const organization = await createOrganization(owner, 'Hanso');
    const member = await signUp(server, 'Desmond');
    await addMember(server, owner, organization.id, member, 'admin');
    renderApp(server, `/organizations/${organization.slug}/members?q=desm`, { auth: owner.auth });

    await waitFor(() => expect(memberRows()).toHaveLength(1));
    const row = memberRows()[0]!;
    expect(within(row).getByText('Desmond')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search by name or e-mail' }) as HTMLInputElement).value).toBe(
      'desm',
    );
    expect(screen.getByRole('columnheader', { name: 'Joined' })).toBeTruthy();
    const { data } = await owner.auth.client.organization.listMembers({
      query: { organizationId: organization.id, searchValue: 'desm' },
    });
    expect(data?.total).toBe(1);
    expect(within(row).getByText(formatDate(data!.members[0]!.createdAt, 'en'))).toBeTruthy();
  });
});
