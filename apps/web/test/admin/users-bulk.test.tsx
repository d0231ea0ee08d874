/**
 * The users list's verified and two-factor filters (kept in the address), its bulk actions (each
 * confirmed with the count, done per user through the single-user routes, a partial failure named
 * per user), and its CSV export link carrying the filters, against a real server.
 */
import '../support/dom';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppAuth } from '../../src/lib/auth';
import { renderApp } from '../support/render-app';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUsers, signInAdmin } from './admin-session';

let server: TestServer;
let admin: AppAuth;
let ids: string[];
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  ids = await createUsers(admin, [
    { email: 'bulk-one@example.com', name: 'Bulk One' },
    { email: 'bulk-two@example.com', name: 'Bulk Two' },
    { email: 'bulk-three@example.com', name: 'Bulk Three' },
  ]);
});
afterAll(() => server?.close());
afterEach(() => cleanup());

const total = () => screen.getByTestId('users-total').textContent;
const rowOf = (text: string) => screen.getByText(text).closest<HTMLElement>('[role="row"]')!;

async function userById(id: string) {
  const { data, error } = await admin.client.admin.getUser({ query: { id } });
  if (error) throw new Error(error.message);
  return data;
}

describe('the users list', () => {
  it('filters on verified e-mail and two-factor with the quick filter, kept in the address', async () => {
    const user = userEvent.setup({ document });
    const { router } = renderApp(server, '/admin/users', { auth: admin });
    await waitFor(() => expect(total()).toBe('Total: 4'));
    expect(screen.getByRole('columnheader', { name: 'E-mail verified' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Two-factor authentication' })).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'E-mail verified' }));
    // Only the admin proved their address.
    await waitFor(() => expect(total()).toBe('Total: 1'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      filter: 'emailVerified',
      op: 'is',
      value: 'true',
    });
    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'Two-factor on' }));
    await waitFor(() => expect(total()).toBe('Total: 0'));
    cleanup();

    renderApp(server, '/admin/users?filter=emailVerified&op=is&value=false', { auth: admin });
    await waitFor(() => expect(total()).toBe('Total: 3'));
    expect(screen.getByRole('combobox', { name: 'Show' }).textContent).toBe('E-mail not verified');
    const link = screen.getByRole('link', { name: 'Export CSV' });
    const href = new URL(link.getAttribute('href')!);
    expect(href.pathname).toBe('/api/auth/admin/export-users.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      filterField: 'emailVerified',
      filterOperator: 'eq',
      filterValue: 'false',
    });
  });

  it('bans the checked users after a dialog naming the count, and says for whom it failed and why', async () => {
    const user = userEvent.setup({ document });
    renderApp(server, '/admin/users', { auth: admin });
    await waitFor(() => expect(total()).toBe('Total: 4'));
    for (const name of ['Ada Admin', 'Bulk One', 'Bulk Two'])
      await user.click(within(rowOf(name)).getByRole('checkbox'));
    expect(screen.getByTestId('bulk-count').textContent).toBe('Selected: 3');
    const toolbar = screen.getByRole('toolbar', { name: 'Bulk actions' });

    await user.click(within(toolbar).getByRole('button', { name: 'Ban' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban the selected users (3)?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));

    const outcome = await screen.findByTestId('bulk-outcome');
    expect(outcome.textContent).toContain('Banned: 2 of 3.');
    expect(within(outcome).getByRole('listitem').textContent).toBe('admin@example.com: You cannot ban yourself.');
    expect((await userById(ids[0]!)).banned).toBe(true);
    expect((await userById(ids[1]!)).banned).toBe(true);
    expect((await userById(ids[2]!)).banned).toBe(false);
    // Each ban is audited for its user, as on the user's page.
    for (const id of ids.slice(0, 2)) {
      const { data } = await admin.client.admin.listAuditEvents({ query: { userId: id, type: 'user-banned' } });
      expect(data?.total).toBe(1);
    }
    // The selection is gone and the grid shows the bans.
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();
    await waitFor(() => expect(within(rowOf('Bulk One')).getByText('Banned')).toBeTruthy());
  });

  it('unbans and removes the checked users, each after its confirmation', async () => {
    const user = userEvent.setup({ document });
    renderApp(server, '/admin/users', { auth: admin });
    await waitFor(() => expect(total()).toBe('Total: 4'));
    await user.click(within(rowOf('Bulk One')).getByRole('checkbox'));
    await user.click(within(rowOf('Bulk Two')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Unban' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unban the selected users (2)?' })).getByRole('button', {
        name: 'Unban',
      }),
    );
    expect((await screen.findByTestId('bulk-outcome')).textContent).toBe('Unbanned: 2 of 2.');
    expect((await userById(ids[0]!)).banned).toBe(false);

    await user.click(within(rowOf('Bulk Three')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the selected users (1)?' });
    // Cancelling does nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(total()).toBe('Total: 4');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove the selected users (1)?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('bulk-outcome').textContent).toBe('Removed: 1 of 1.'));
    await waitFor(() => expect(total()).toBe('Total: 3'));
    const { error } = await admin.client.admin.getUser({ query: { id: ids[2]! } });
    expect(error?.code).toBe('USER_NOT_FOUND');
  });
});
