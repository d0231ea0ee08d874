/**
 * The users grid against a real server: it pages, searches and filters on the server and shows
 * the total; a non-admin is refused.
 */
import '../support/dom';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppAuth } from '../../src/lib/auth';
import { formatDateTime } from '../../src/lib/format-date';
import { languageByTag } from '../../src/lib/languages';
import { renderApp } from '../support/render-app';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUsers, signInAdmin, signInUser } from './admin-session';

// The grid and the server share two CPUs with other test files: allow for a slow render.

let server: TestServer;
let admin: AppAuth;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  await createUsers(admin, [
    { email: 'grace.grid@example.com', name: 'Grace Hopper' },
    { email: 'alan.grid@example.com', name: 'Alan Turing' },
    { email: 'grid.edsger@example.org', name: 'Edsger Dijkstra' },
    { email: 'barbara@example.net', name: 'Barbara Liskov', role: 'admin' },
  ]);
});
afterAll(() => server?.close());
afterEach(() => cleanup());

const total = () => screen.getByTestId('users-total').textContent;
const rows = () => screen.getAllByRole('row').slice(1);
/** The name cell (the first cell is the row's checkbox). */
const nameOf = (row: HTMLElement) => row.querySelector('[data-field="name"]')?.textContent;

describe('the users grid', () => {
  it('loads the users from the server with the total', async () => {
    renderApp(server, '/admin/users', { auth: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    await waitFor(() => expect(total()).toBe('Total: 5'));
    const grid = screen.getByRole('grid', { name: 'Users' });
    // The footer's total can show before the grid has drawn its rows: find them, waiting.
    const link = await within(grid).findByRole('link', { name: 'grace.grid@example.com' });
    expect(link.getAttribute('href')).toMatch(/^\/admin\/users\/.+/);
    expect(await within(grid).findByText('Barbara Liskov')).toBeTruthy();
  });

  it('searching by e-mail with an operator narrows the rows and the total', async () => {
    const user = userEvent.setup({ document });
    renderApp(server, '/admin/users', { auth: admin });
    await waitFor(() => expect(total()).toBe('Total: 5'));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'grid');
    await waitFor(() => expect(total()).toBe('Total: 3'));
    // The footer's total can show before the grid has swapped its rows: wait for the rows too.
    await waitFor(() => expect(rows()).toHaveLength(3));

    await user.click(screen.getByRole('combobox', { name: 'Match' }));
    await user.click(await screen.findByRole('option', { name: 'Starts with' }));
    await waitFor(() => expect(total()).toBe('Total: 1'));
    await waitFor(() =>
      expect(rows().map((row) => row.textContent)).toEqual([expect.stringContaining('grid.edsger@example.org')]),
    );

    await user.click(screen.getByRole('combobox', { name: 'Search in' }));
    await user.click(await screen.findByRole('option', { name: 'Name' }));
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'al');
    // The total was already 1 before this search: wait for the row the search finds, not the count.
    await waitFor(() => expect(rows().map((row) => row.textContent)).toEqual([expect.stringContaining('Alan Turing')]));
    expect(total()).toBe('Total: 1');
  });

  it('the quick filter asks the server for admins only, and a column sorts on the server', async () => {
    const user = userEvent.setup({ document });
    renderApp(server, '/admin/users', { auth: admin });
    await waitFor(() => expect(total()).toBe('Total: 5'));

    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'Admins' }));
    await waitFor(() => expect(total()).toBe('Total: 2'));
    // The footer's total can show before the grid has swapped its rows: wait for the rows too.
    await waitFor(() => expect(rows().map((row) => nameOf(row))).toEqual(['Ada Admin', 'Barbara Liskov']));

    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'All users' }));
    await waitFor(() => expect(total()).toBe('Total: 5'));
    const nameHeader = screen.getByRole('columnheader', { name: /^Name/ });
    await user.click(nameHeader);
    await waitFor(() => expect(nameHeader.getAttribute('aria-sort')).toBe('ascending'));
    await user.click(nameHeader);
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(nameOf(rows()[0]!)).toBe('Grace Hopper'));
  });

  it('shows each last sign-in, sorts by it on the server, and finds who never signed in', async () => {
    const user = userEvent.setup({ document });
    const { router } = renderApp(server, '/admin/users', { auth: admin });
    await waitFor(() => expect(total()).toBe('Total: 5'));
    const lastSignInHeader = screen.getByRole('columnheader', { name: /^Last sign-in/ });
    await user.click(lastSignInHeader);
    await user.click(lastSignInHeader);
    await waitFor(() => expect(lastSignInHeader.getAttribute('aria-sort')).toBe('descending'));
    // Only the admin has signed in; the users created by the admin never have (they sort as the oldest).
    const { data } = await admin.client.admin.getUser({
      query: { id: (await admin.client.getSession()).data!.user.id },
    });
    const adaSignedIn = formatDateTime(data!.lastSignInAt!, 'en');
    await waitFor(() => expect(nameOf(rows()[0]!)).toBe('Ada Admin'));
    const lastSignInOf = (row: HTMLElement) => row.querySelector('[data-field="lastSignInAt"]')?.textContent;
    expect(rows().map(lastSignInOf)).toEqual([adaSignedIn, '—', '—', '—', '—']);

    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'Never signed in' }));
    await waitFor(() => expect(total()).toBe('Total: 4'));
    await waitFor(() => expect(rows().map((row) => nameOf(row))).not.toContain('Ada Admin'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toMatchObject({
      filter: 'lastSignInAt',
      op: 'isEmpty',
    });
  });

  it("speaks the chosen language, the grid's own texts included", async () => {
    const user = userEvent.setup({ document });
    renderApp(server, '/admin/users', { auth: admin, language: languageByTag('ru') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Пользователи' })).toBeTruthy();
    await waitFor(() => expect(total()).toBe('Всего: 5'));
    expect(screen.getByRole('columnheader', { name: 'Эл. почта' })).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Поиск' }), 'nobody-here');
    await waitFor(() => expect(total()).toBe('Всего: 0'));
    // Not the grid's bare "no rows": what to do about it.
    expect(
      await screen.findByText('Нет пользователей, подходящих под этот поиск. Измените или очистите поиск и фильтр.'),
    ).toBeTruthy();
  });

  it('a search that finds no one says so and what to do', async () => {
    const user = userEvent.setup({ document });
    renderApp(server, '/admin/users', { auth: admin });
    await waitFor(() => expect(total()).toBe('Total: 5'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody-here');
    await waitFor(() => expect(total()).toBe('Total: 0'));
    expect(
      await screen.findByText('No user matches this search. Change or clear the search and the filter.'),
    ).toBeTruthy();
  });

  it("a row opens the user's page", async () => {
    const user = userEvent.setup({ document });
    const { router } = renderApp(server, '/admin/users', { auth: admin });
    await user.click(await screen.findByText('Alan Turing'));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/admin\/users\/[^/]+$/));
    expect(await screen.findByRole('heading', { level: 1, name: 'Alan Turing' })).toBeTruthy();
  });

  it('keeps search, sort and page in the address: "Back to users" and the browser\'s Back return to them', async () => {
    const user = userEvent.setup({ document });
    const { router } = renderApp(server, '/admin/users', { auth: admin });
    await waitFor(() => expect(total()).toBe('Total: 5'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'grid');
    await waitFor(() => expect(total()).toBe('Total: 3'));
    const nameHeader = screen.getByRole('columnheader', { name: /^Name/ });
    await user.click(nameHeader);
    await waitFor(() => expect(nameHeader.getAttribute('aria-sort')).toBe('ascending'));
    await waitFor(() => expect(nameOf(rows()[0]!)).toBe('Alan Turing'));
    const listed = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(listed)).toEqual({ q: 'grid', sort: 'name', dir: 'asc' });

    const isTheList = async () => {
      expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
      expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('grid');
      await waitFor(() => expect(total()).toBe('Total: 3'));
      expect(screen.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('ascending');
      await waitFor(() => expect(nameOf(rows()[0]!)).toBe('Alan Turing'));
    };
    await user.click(await screen.findByText('Grace Hopper'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Back to users' }));
    await isTheList();

    await user.click(await screen.findByText('Grace Hopper'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeTruthy();
    await router.navigate(-1);
    await isTheList();
    sessionStorage.clear();
  });

  it('opens on the page the address names', async () => {
    renderApp(server, '/admin/users?sort=name&dir=desc&size=25&page=1', { auth: admin });
    await waitFor(() => expect(total()).toBe('Total: 5'));
    await waitFor(() => expect(nameOf(rows()[0]!)).toBe('Grace Hopper'));
    expect(screen.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('descending');
  });

  // Last: it adds users the other tests do not count.
  it('pages on the server: the next page holds the rest of the total', async () => {
    const user = userEvent.setup({ document });
    await createUsers(
      admin,
      Array.from({ length: 8 }, (_, i) => ({ email: `page-${i}@paging.example`, name: `Paged ${i}` })),
    );
    renderApp(server, '/admin/users', { auth: admin });
    await waitFor(() => expect(total()).toBe('Total: 13'));
    expect(rows()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByText('11–13 of 13')).toBeTruthy();
    expect(within(rows()[2]!).getByText('Paged 7')).toBeTruthy();
  });

  it('a non-admin visiting /admin/users is refused', async () => {
    const { auth } = await signInUser(server);
    renderApp(server, '/admin/users', { auth });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeTruthy();
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
  });
});
